import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg } from '../../../../tests/support/factories';
import { upload } from '../../../../tests/support/imports';
import { calendarOrg, eventBody } from '../calendar/test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const ics = (...lines: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;
const icsFile = (data: string, name = 'season.ics') => ({ name, type: 'text/calendar', data });
const importUrl = (orgId: number, dry = false) =>
  `/api/organizations/${orgId}/calendar/import${dry ? '?dryRun=1' : ''}`;

const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

// Google Calendar: an IANA TZID with its VTIMEZONE, weekly BYDAY with UNTIL, an EXDATE, a moved
// date (RECURRENCE-ID) and an all-day event.
const GOOGLE = ics(
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'X-WR-TIMEZONE:America/New_York',
  ...NEW_YORK,
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20270105T190000',
  'DTEND;TZID=America/New_York:20270105T220000',
  'RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20270302T235959Z;BYDAY=TU,TH',
  'EXDATE;TZID=America/New_York:20270119T190000',
  'DTSTAMP:20261101T120000Z',
  'UID:rehearsal-1@google.com',
  'SUMMARY:Act one rehearsal',
  'LOCATION:Main Stage',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20270128T200000',
  'DTEND;TZID=America/New_York:20270128T230000',
  'RECURRENCE-ID;TZID=America/New_York:20270128T190000',
  'DTSTAMP:20261101T120000Z',
  'UID:rehearsal-1@google.com',
  'SUMMARY:Act one rehearsal (late start)',
  'LOCATION:Main Stage',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20270214',
  'DTEND;VALUE=DATE:20270216',
  'DTSTAMP:20261101T120000Z',
  'UID:load-in@google.com',
  'SUMMARY:Load-in',
  'LOCATION:Annex, loading dock',
  'END:VEVENT',
);

// Outlook: a Windows zone name defined only by the file's own VTIMEZONE, monthly on the second
// Wednesday for five times.
const OUTLOOK = ics(
  'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
  'BEGIN:VTIMEZONE',
  'TZID:Pacific Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16011104T020000',
  'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0800',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010311T020000',
  'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
  'TZOFFSETFROM:-0800',
  'TZOFFSETTO:-0700',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:040000008200E00074C5B7101A82E00800000000',
  'SUMMARY:Board meeting',
  'DTSTART;TZID=Pacific Standard Time:20270113T150000',
  'DTEND;TZID=Pacific Standard Time:20270113T163000',
  'RRULE:FREQ=MONTHLY;COUNT=5;BYDAY=2WE',
  'LOCATION:Office',
  'END:VEVENT',
);

// Apple Calendar: UTC times, a rule the event form cannot say (last Friday), no LOCATION.
const APPLE = ics(
  'PRODID:-//Apple Inc.//macOS 14.0//EN',
  'BEGIN:VEVENT',
  'UID:5FC53010-1267-4F8E-BC28-1D7AE55A7C99',
  'DTSTART:20270129T230000Z',
  'DTEND:20270130T010000Z',
  'RRULE:FREQ=MONTHLY;COUNT=4;BYDAY=-1FR',
  'SUMMARY:Open mic',
  'END:VEVENT',
);

interface Listed {
  id: number;
  name: string;
  seriesId: number | null;
  spaces: string[];
  eventType: string;
  startDateTime: string;
  endDateTime: string;
}

async function listed(agent: Agent, orgId: number, from = '2027-01-01', to = '2027-12-31') {
  const res = await agent.get(`/api/organizations/${orgId}/calendar/events?from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return (Array.isArray(body) ? body : body.events) as Listed[];
}

/** What ical.js makes of the same file: each occurrence's start and end instants and title. */
function expandedByIcalJs(text: string, until = '2027-12-31') {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const vevents = root.getAllSubcomponents('vevent');
  const out: { name: string; start: number; end: number }[] = [];
  for (const master of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(master);
    for (const ex of vevents.filter(
      (v) => v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === event.uid,
    ))
      event.relateException(ex);
    const it = event.iterator();
    for (let next = it.next(); next && next.toString() <= until; next = it.next()) {
      const d = event.getOccurrenceDetails(next);
      if (d.startDate.isDate) continue;
      out.push({
        name: d.item.summary,
        start: d.startDate.toJSDate().getTime(),
        end: d.endDate.toJSDate().getTime(),
      });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const instants = (events: Listed[]) =>
  events
    .map((e) => ({ name: e.name, start: Date.parse(e.startDateTime), end: Date.parse(e.endDateTime) }))
    .sort((a, b) => a.start - b.start);

describe('POST /api/organizations/{orgId}/calendar/import', () => {
  it('imports a Google Calendar file as a series with its removed and moved dates, matching ical.js', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    const preview = await upload(c.agents.owner, importUrl(c.org.id, true), icsFile(GOOGLE));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 2, updated: 0, unchanged: 0, skipped: [] });
    expect(await listed(c.agents.owner, c.org.id)).toEqual([]);

    const res = await upload(c.agents.owner, importUrl(c.org.id), icsFile(GOOGLE), {
      eventType: 'rehearsal',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: [],
      conflicts: [],
      missing: [],
    });
    const events = await listed(c.agents.owner, c.org.id);
    const timed = events.filter((e) => e.name !== 'Load-in');
    expect(instants(timed)).toEqual(expandedByIcalJs(GOOGLE));
    expect(timed.every((e) => e.seriesId === body.items[0].seriesId && e.eventType === 'rehearsal')).toBe(
      true,
    );
    // Tue/Thu from Jan 5 to Feb 25 (UNTIL is before the 19:00 start on Mar 2) is 16 dates; Jan 19 removed.
    expect(timed).toHaveLength(15);
    expect(
      timed
        .filter((e) => e.name === 'Act one rehearsal (late start)')
        .map((e) => e.startDateTime.slice(0, 16)),
    ).toEqual(['2027-01-28T20:00']);
    const loadIn = events.filter((e) => e.name === 'Load-in');
    expect(loadIn.map((e) => [e.startDateTime.slice(0, 16), e.endDateTime.slice(0, 16), e.spaces])).toEqual([
      ['2027-02-14T00:00', '2027-02-15T23:59', ['Annex']],
    ]);

    // The same file again changes nothing.
    const again = (await upload(c.agents.owner, importUrl(c.org.id), icsFile(GOOGLE))).json();
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await listed(c.agents.owner, c.org.id)).map((e) => e.id).sort()).toEqual(
      events.map((e) => e.id).sort(),
    );

    // A newer file: one event renamed, the other gone — reported, not deleted.
    const newer = GOOGLE.replace('SUMMARY:Act one rehearsal\r\n', 'SUMMARY:Act one run\r\n').replace(
      /BEGIN:VEVENT\r\nDTSTART;VALUE=DATE[\s\S]*?END:VEVENT\r\n/,
      '',
    );
    const third = (await upload(c.agents.owner, importUrl(c.org.id), icsFile(newer))).json();
    expect(third).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 0,
      missing: [{ uid: 'load-in@google.com', title: 'Load-in' }],
    });
    const after = await listed(c.agents.owner, c.org.id);
    expect(after.filter((e) => e.name === 'Act one run')).toHaveLength(14);
    expect(after.filter((e) => e.name === 'Load-in')).toHaveLength(1);
    const audits = await ctx.database.query(
      `select 1 from audit_log where organization_id = $1 and action = 'calendar.imported'`,
      [c.org.id],
    );
    expect(audits).toHaveLength(3);
  });

  it('honours a VTIMEZONE-only zone (Outlook) and imports a rule it cannot express as its dates (Apple)', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    const outlook = (await upload(c.agents.admin, importUrl(c.org.id), icsFile(OUTLOOK))).json();
    expect(outlook).toMatchObject({ created: 1, skipped: [] });
    const board = (await listed(c.agents.admin, c.org.id)).filter((e) => e.name === 'Board meeting');
    expect(board).toHaveLength(5);
    expect(instants(board)).toEqual(expandedByIcalJs(OUTLOOK));
    expect(board[0].startDateTime.slice(0, 16)).toBe('2027-01-13T18:00');
    expect(board.every((e) => e.seriesId === board[0].seriesId)).toBe(true);

    const noSpace = (await upload(c.agents.admin, importUrl(c.org.id), icsFile(APPLE))).json();
    expect(noSpace.skipped).toEqual([
      {
        uid: '5FC53010-1267-4F8E-BC28-1D7AE55A7C99',
        summary: 'Open mic',
        reason: 'The event has no location; choose a space for such events',
      },
    ]);
    const apple = (
      await upload(c.agents.admin, importUrl(c.org.id), icsFile(APPLE), { space: 'Annex' })
    ).json();
    expect(apple).toMatchObject({ created: 1, skipped: [] });
    const mic = (await listed(c.agents.admin, c.org.id)).filter((e) => e.name === 'Open mic');
    expect(instants(mic)).toEqual(expandedByIcalJs(APPLE));
    expect(mic.every((e) => e.seriesId === null && e.spaces[0] === 'Annex')).toBe(true);
    // Each date keeps the UID: importing again leaves them alone.
    expect(
      (await upload(c.agents.admin, importUrl(c.org.id), icsFile(APPLE), { space: 'Annex' })).json(),
    ).toMatchObject({
      created: 0,
      unchanged: 1,
    });
  });

  it('reports space clashes; owners and admins may import over them', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    const booked = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        startDateTime: '2027-02-14T10:00',
        endDateTime: '2027-02-14T12:00',
        spaces: ['Annex'],
      }),
    );
    expect(booked.statusCode).toBe(201);
    const clash = {
      uid: 'load-in@google.com',
      summary: 'Load-in',
      message: '2027-02-14 00:00: Annex is booked for Rehearsal, 2027-02-14 10:00–12:00',
    };
    const preview = (await upload(c.agents.owner, importUrl(c.org.id, true), icsFile(GOOGLE))).json();
    expect(preview.conflicts).toEqual([clash]);
    expect(preview.skipped.map((s: { uid: string }) => s.uid)).toEqual(['load-in@google.com']);
    const refused = (await upload(c.agents.owner, importUrl(c.org.id), icsFile(GOOGLE))).json();
    expect(refused).toMatchObject({ created: 1, conflicts: [clash] });
    expect(refused.skipped).toEqual(preview.skipped);
    const anyway = (
      await upload(c.agents.owner, importUrl(c.org.id), icsFile(GOOGLE), { allowConflicts: 'true' })
    ).json();
    expect(anyway).toMatchObject({ created: 1, unchanged: 1, skipped: [], conflicts: [clash] });
    const [loadIn] = await ctx.database.query<{ conflictOverride: boolean }>(
      `select conflict_override as "conflictOverride" from calendar_events where organization_id = $1 and name = 'Load-in'`,
      [c.org.id],
    );
    expect(loadIn.conflictOverride).toBe(true);
  });

  it('refuses what it cannot read and reports bad events, with no 5xx and nothing half made', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    const send = (data: string, fields?: Record<string, string>) =>
      upload(c.agents.owner, importUrl(c.org.id), icsFile(data), fields);
    for (const [data, message] of [
      ['Subject,Start\nHello,2027-01-01\n', 'The file is not an iCalendar (.ics) file'],
      ['BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:broken', 'The file is not an iCalendar (.ics) file'],
      [ics('PRODID:x'), 'The file has no events'],
    ]) {
      const res = await send(data);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const bad = await send(
      ics(
        'BEGIN:VEVENT',
        'UID:no-start',
        'SUMMARY:When?',
        'LOCATION:Office',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:forever',
        'SUMMARY:Every minute',
        'DTSTART:20270101T100000Z',
        'DTEND:20270101T110000Z',
        'RRULE:FREQ=DAILY;COUNT=50000',
        'LOCATION:Office',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:hostile',
        'SUMMARY:<script>alert(1)</script>',
        'DTSTART:20270301T100000Z',
        'DTEND:20270301T110000Z',
        'LOCATION:Office',
        'END:VEVENT',
      ),
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({
      created: 1,
      skipped: [
        { uid: 'no-start', summary: 'When?', reason: 'The event has no start (DTSTART)' },
        { uid: 'forever', summary: 'Every minute', reason: 'This repetition has more than 1,000 dates' },
      ],
    });
    expect((await listed(c.agents.owner, c.org.id)).map((e) => e.name)).toEqual([
      '<script>alert(1)</script>',
    ]);
    const badSpace = await send(GOOGLE, { space: 'Basement' });
    expect([badSpace.statusCode, badSpace.json().message]).toEqual([400, 'Choose a space from the list']);
    const badType = await send(GOOGLE, { eventType: 'party' });
    expect([badType.statusCode, badType.json().message]).toEqual([400, 'Choose an event type from the list']);
  });

  it('is for owners, admins and system users: 401, 403, 404, and refusals change nothing', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    const other = await buildOrg(ctx.database);
    expect(
      (await upload(new Agent(ctx.app, c.org.host), importUrl(c.org.id), icsFile(GOOGLE))).statusCode,
    ).toBe(401);
    for (const role of ['board', 'team_lead', 'standard_user'] as const) {
      const res = await upload(c.agents[role], importUrl(c.org.id), icsFile(GOOGLE));
      expect([res.statusCode, res.json().message]).toEqual([403, 'You do not have permission to do that']);
    }
    expect((await upload(c.agents.owner, importUrl(other.id), icsFile(GOOGLE))).statusCode).toBe(404);
    expect(await listed(c.agents.owner, c.org.id)).toEqual([]);
  });

  it("round-trips Greenroom's own feed: imported elsewhere, the same events; again, unchanged", async () => {
    const from = await calendarOrg(ctx, 'America/New_York');
    const to = await calendarOrg(ctx, 'America/New_York');
    for (const [start, end, spaces, type] of [
      ['2027-03-04T19:00', '2027-03-04T22:00', ['Main Stage'], 'rehearsal'],
      ['2027-03-06T14:00', '2027-03-06T16:30', ['Office', 'Annex'], 'class'],
    ] as const) {
      const res = await from.agents.owner.post(
        `${from.base}/events`,
        eventBody(from.people.owner.id, {
          name: `Event, "quoted"; ${type}`,
          description: 'Line one\nLine two',
          startDateTime: start,
          endDateTime: end,
          spaces: [...spaces],
          eventType: type,
          teamIds: [],
        }),
      );
      expect(res.statusCode).toBe(201);
    }
    const { url } = (await from.agents.owner.post(`${from.base}/feed`)).json();
    const feed = (await new Agent(ctx.app).get(new URL(url).pathname)).body;
    const first = (await upload(to.agents.owner, importUrl(to.org.id), icsFile(feed))).json();
    expect(first).toMatchObject({ created: 2, skipped: [] });
    const shape = (events: Listed[]) =>
      events
        .map(({ name, spaces, eventType, startDateTime, endDateTime }) => ({
          name,
          spaces,
          eventType,
          startDateTime,
          endDateTime,
        }))
        .sort((a, b) => a.startDateTime.localeCompare(b.startDateTime));
    expect(shape(await listed(to.agents.owner, to.org.id))).toEqual(
      shape(await listed(from.agents.owner, from.org.id)),
    );
    const [copy] = await ctx.database.query<{ description: string }>(
      'select description from calendar_events where organization_id = $1 limit 1',
      [to.org.id],
    );
    expect(copy.description).toBe('Line one\nLine two');
    expect((await upload(to.agents.owner, importUrl(to.org.id), icsFile(feed))).json()).toMatchObject({
      created: 0,
      unchanged: 2,
    });
  });
});
