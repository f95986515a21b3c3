import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext, testConfig } from '../../../../tests/support/app';
import { buildOrgWithRoles } from '../../../../tests/support/factories';
import { upload } from '../../../../tests/support/imports';
import { buildApp } from '../../app';
import type { App } from '../../http/types';
import { FILE_TOO_COSTLY, readCalendarFile } from './calendar-file';
import { NO_DATES_IN_RULE } from './ics-read';

let ctx: TestContext;
let live: App;
let port: number;
beforeAll(async () => {
  ctx = await getTestApp();
  live = await buildApp({ config: testConfig(), database: ctx.database });
  await live.listen({ port: 0, host: '127.0.0.1' });
  port = (live.server.address() as AddressInfo).port;
  // A server that has imported a file before: its reading thread started, its code paths warm.
  const { org, owner } = await ownerOnLive();
  const warm = await upload(owner, importUrl(org.id, true), icsFile(ics(...vevent('warm', null))));
  expect(warm.statusCode).toBe(200);
});
afterAll(async () => {
  await live?.close();
});

const ics = (...lines: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;
const vevent = (uid: string, rule: string | null, start = '20270105T190000') => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `SUMMARY:${uid}`,
  `DTSTART:${start}`,
  `DTEND:${start.slice(0, 9)}220000`,
  ...(rule ? [`RRULE:${rule}`] : []),
  'LOCATION:Main Stage',
  'END:VEVENT',
];

const NEVER = {
  'daily-feb-30': 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'yearly-feb-31': 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31',
  'monthly-apr-31': 'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4',
  'weekly-third-of-two': 'FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=3',
  'hourly-feb-30': 'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30',
};
const FILE = ics(
  ...Object.entries(NEVER).flatMap(([uid, rule]) => vevent(uid, rule)),
  ...vevent('last-friday', 'FREQ=MONTHLY;COUNT=3;BYDAY=-1FR', '20270129T190000'),
  ...vevent('opening', null, '20270301T190000'),
);
const icsFile = (data: string) => ({ name: 'season.ics', type: 'text/calendar', data });
const importUrl = (orgId: number, dry: boolean) =>
  `/api/organizations/${orgId}/calendar/import${dry ? '?dryRun=1' : ''}`;

/** Asks /api/health over real HTTP every few milliseconds until `work` settles; each answer's time. */
async function healthWhile<T>(work: Promise<T>) {
  const times: number[] = [];
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const probe = async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const [result] = await Promise.all([settled, probe()]);
  return { result, times };
}

async function ownerOnLive() {
  const { org, agents } = await buildOrgWithRoles(ctx);
  const owner = new Agent(live, agents.owner.host);
  owner.cookie = agents.owner.cookie;
  return { org, owner };
}

// Answer times on a machine shared with other work may miss once; a file that holds the event loop
// misses on every try.
describe('a calendar file is untrusted work', { retry: 2 }, () => {
  it('answers rules that never produce a date with error rows while /api/health stays quick', async () => {
    const { org, owner } = await ownerOnLive();
    await fetch(`http://127.0.0.1:${port}/api/health`);
    const started = performance.now();
    const { result: res, times } = await healthWhile(
      upload(owner, importUrl(org.id, true), icsFile(FILE), { space: 'Main Stage' }),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.skipped).toEqual(
      Object.keys(NEVER).map((uid) => ({ uid, summary: uid, reason: NO_DATES_IN_RULE })),
    );
    expect(body.items.map((i: { uid: string }) => i.uid)).toEqual(['last-friday', 'opening']);
    expect(times.length).toBeGreaterThan(0);
    expect(Math.max(...times)).toBeLessThan(100);
  });

  it('imports the rest of the file', async () => {
    const { org, owner } = await ownerOnLive();
    const res = await upload(owner, importUrl(org.id, false), icsFile(FILE));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2 });
    expect(res.json().skipped.map((s: { reason: string }) => s.reason)).toEqual(
      Object.keys(NEVER).map(() => NO_DATES_IN_RULE),
    );
    const [{ count }] = await ctx.database.query<{ count: number }>(
      'select count(*)::int as count from calendar_events where organization_id = $1',
      [org.id],
    );
    expect(count).toBe(4);
  });

  it('reads a zone whose own rule never produces a date without hanging', async () => {
    const { org, owner } = await ownerOnLive();
    const file = ics(
      'BEGIN:VTIMEZONE',
      'TZID:Nowhere',
      'BEGIN:STANDARD',
      'DTSTART:19701101T020000',
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:nowhere',
      'SUMMARY:Somewhere',
      'DTSTART;TZID=Nowhere:20270105T190000',
      'DTEND;TZID=Nowhere:20270105T220000',
      'LOCATION:Main Stage',
      'END:VEVENT',
    );
    const started = performance.now();
    const { result: res, times } = await healthWhile(upload(owner, importUrl(org.id, true), icsFile(file)));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.statusCode).toBe(200);
    expect(res.json().skipped).toEqual([{ uid: 'nowhere', summary: 'Somewhere', reason: NO_DATES_IN_RULE }]);
    expect(Math.max(...times)).toBeLessThan(100);
  });
});

describe('readCalendarFile', () => {
  const options = { timeZone: 'America/New_York', horizonEnd: new Date('2028-01-01T00:00:00Z') };

  it('reads on a worker thread what the import reads', async () => {
    const read = await readCalendarFile(FILE, options);
    expect(read.events.map((e) => [e.uid, e.dates?.length ?? 0])).toEqual([
      ['last-friday', 3],
      ['opening', 0],
    ]);
    expect(read.skipped.map((s) => s.reason)).toEqual(Object.keys(NEVER).map(() => NO_DATES_IN_RULE));
  });

  it('refuses a file past its time budget with a 400, ending the thread', async () => {
    // Weekdays every day for a year, in many events: more steps than the deadline allows.
    const weekdays = 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR';
    const slow = ics(...Array.from({ length: 500 }, (_, i) => vevent(`weekdays-${i}`, weekdays)).flat());
    const started = performance.now();
    const budget = { timeMs: 300, steps: 1e9 };
    await expect(readCalendarFile(slow, { ...options, budget })).rejects.toMatchObject({
      statusCode: 400,
      message: FILE_TOO_COSTLY,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    // The next file gets a new thread.
    expect((await readCalendarFile(FILE, options)).events).toHaveLength(2);
  });

  it('refuses a file past its step budget with a 400', async () => {
    const daily = ics(...vevent('weekdays', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR'));
    await expect(readCalendarFile(daily, { ...options, budget: { steps: 50 } })).rejects.toMatchObject({
      statusCode: 400,
      message: FILE_TOO_COSTLY,
    });
    const read = await readCalendarFile(daily, options);
    expect(read.events[0].dates?.length).toBeGreaterThan(200);
  });

  it('reads files sent at once, each in turn, past one that runs out of time', async () => {
    const slow = ics(
      ...Array.from({ length: 500 }, (_, i) =>
        vevent(`weekdays-${i}`, 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR'),
      ).flat(),
    );
    const [refused, ...read] = await Promise.allSettled([
      readCalendarFile(slow, { ...options, budget: { timeMs: 300, steps: 1e9 } }),
      ...Array.from({ length: 4 }, () => readCalendarFile(FILE, options)),
    ]);
    expect(refused).toMatchObject({ status: 'rejected', reason: { message: FILE_TOO_COSTLY } });
    for (const r of read) expect(r.status === 'fulfilled' && r.value.events.length).toBe(2);
  });

  it('still refuses what is not a calendar', async () => {
    await expect(readCalendarFile('hello', options)).rejects.toMatchObject({ statusCode: 400 });
  });
});
