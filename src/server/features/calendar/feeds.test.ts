import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { escapeText, foldLine } from './ics';
import { CALENDAR_NOT_FOUND } from './public-routes';
import { calendarOrg, eventBody } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Parsed {
  name: string;
  refresh: string;
  events: { uid: string; summary: string; start: string; end: string; location: string; stamp: string }[];
}

/** Parses with ical.js, resolving DTSTART/DTEND through the feed's own VTIMEZONE. */
function parseFeed(text: string): Parsed {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const vtz of root.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  const events = root.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      stamp: String(v.getFirstPropertyValue('dtstamp')),
    };
  });
  return {
    name: String(root.getFirstPropertyValue('x-wr-calname')),
    refresh: String(root.getFirstProperty('refresh-interval')?.getFirstValue()),
    events,
  };
}

async function seed(c: Awaited<ReturnType<typeof calendarOrg>>) {
  // Weekly for 30 weeks from tomorrow: crosses a daylight-saving change whatever today is.
  const start = day(1);
  const res = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, {
      name: 'Rehearsal; Act 1, scene 2',
      description: 'Bring scripts\nand water',
      startDateTime: `${start}T19:00`,
      endDateTime: `${start}T21:30`,
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 30,
      teamIds: [c.teamId],
      spaces: ['Main Stage', 'Annex'],
    }),
  );
  expect(res.statusCode).toBe(201);
  const show = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, {
      name: 'Opening night',
      eventType: 'show',
      spaces: ['Office'],
      startDateTime: `${day(3)}T20:00`,
      endDateTime: `${day(3)}T22:00`,
    }),
  );
  expect(show.statusCode).toBe(201);
  const past = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, {
      name: 'Last week',
      spaces: ['Office'],
      startDateTime: `${day(-7)}T20:00`,
      endDateTime: `${day(-7)}T22:00`,
    }),
  );
  expect(past.statusCode).toBe(201);
}

describe('public calendar', () => {
  it('shows an approved organization and its upcoming events to anyone, without people', async () => {
    const c = await calendarOrg(ctx, 'Europe/London');
    await ctx.database.query(
      `update organizations set description = 'Our stage', primary_color = '#aa3300' where id = $1`,
      [c.org.id],
    );
    await seed(c);
    const res = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({
      name: c.org.name,
      description: 'Our stage',
      logoUrl: null,
      primaryColor: '#aa3300',
      timeZone: 'Europe/London',
    });
    expect(body.events).toHaveLength(31);
    expect(body.events[0].name).toBe('Rehearsal; Act 1, scene 2');
    expect(body.events.some((e: { name: string }) => e.name === 'Last week')).toBe(false);
    expect(res.body).not.toMatch(/reservedBy|username|isFollowing|instructor/);
  });

  it("answers 'Calendar Not Found' for unknown and unapproved organizations", async () => {
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    for (const name of [pending.shortname, 'no-such-theater', 'Bad Name!']) {
      const res = await new Agent(ctx.app).get(`/api/public/${encodeURIComponent(name)}/calendar`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CALENDAR_NOT_FOUND);
      expect(
        (await new Agent(ctx.app).get(`/api/public/${encodeURIComponent(name)}/calendar.ics`)).statusCode,
      ).toBe(404);
    }
  });

  it('serves the public calendar as valid iCalendar matching the API occurrences', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    await seed(c);
    const res = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const text = res.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE');
    const feed = parseFeed(text);
    expect(feed.name).toBe(c.org.name);
    expect(feed.refresh).toBe('PT1H');
    const api = (await c.agents.owner.get(`${c.base}/events?from=${day(-31)}&to=${day(365)}`)).json();
    expect(feed.events.map((e) => e.uid)).toEqual(
      api.map((e: { id: number }) => `event-${e.id}@${c.org.shortname}.localhost`),
    );
    expect(feed.events.map((e) => e.start)).toEqual(
      api.map((e: { startDateTime: string }) => new Date(e.startDateTime).toISOString()),
    );
    expect(feed.events.map((e) => e.end)).toEqual(
      api.map((e: { endDateTime: string }) => new Date(e.endDateTime).toISOString()),
    );
    expect(feed.events[0]).toMatchObject({ summary: 'Last week', location: 'Office' });
    expect(feed.events[1]).toMatchObject({
      summary: 'Rehearsal; Act 1, scene 2',
      location: 'Main Stage, Annex',
    });
    expect(text.match(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/g)).toHaveLength(feed.events.length);
    // The wall time stays 19:00 in New York, whatever the offset that week.
    const offsets = new Set(
      api
        .filter((e: { name: string }) => e.name.startsWith('Rehearsal'))
        .map((e: { startDateTime: string }) => e.startDateTime.slice(11)),
    );
    expect(offsets).toEqual(new Set(['19:00:00-05:00', '19:00:00-04:00']));
    // An unchanged feed is byte-identical, so a conditional GET costs nothing.
    const again = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar.ics`, {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('personal schedule feed', () => {
  it('gives each member a secret address with the events they follow, revocable', async () => {
    const c = await calendarOrg(ctx, 'Australia/Sydney');
    await seed(c);
    const none = await c.actorAgent.get(`${c.base}/feed`);
    expect(none.json()).toEqual({ active: false, url: null, webcalUrl: null, createdAt: null });
    const created = await c.actorAgent.post(`${c.base}/feed`);
    expect(created.statusCode).toBe(201);
    const { url, webcalUrl } = created.json();
    expect(url).toMatch(
      new RegExp(`^http://${c.org.shortname}\\.localhost:5000/api/feeds/[A-Za-z0-9_-]{40,}\\.ics$`),
    );
    expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));
    expect((await c.actorAgent.get(`${c.base}/feed`)).json().url).toBe(url);
    const path = new URL(url).pathname;

    const fetchFeed = () => new Agent(ctx.app, 'localhost').get(path);
    const first = await fetchFeed();
    expect(first.statusCode).toBe(200);
    const feed = parseFeed(first.body);
    // The member is on the rehearsal's team: 30 rehearsals, not the show they do not follow.
    expect(feed.events).toHaveLength(30);
    expect(feed.name).toBe(`${c.org.name}: My Schedule`);
    const followed = (
      await c.actorAgent.get(`${c.base}/events?from=${day(-31)}&to=${day(365)}&followed=true`)
    ).json();
    expect(feed.events.map((e) => e.start)).toEqual(
      followed.map((e: { startDateTime: string }) => new Date(e.startDateTime).toISOString()),
    );

    // Unfollowing one date takes it out of the feed; following the show adds it.
    await c.actorAgent.delete(`${c.base}/events/${followed[0].id}/follow`);
    const showId = (
      await c.actorAgent.get(`${c.base}/events?from=${day(-31)}&to=${day(365)}&type=show`)
    ).json()[0].id;
    await c.actorAgent.post(`${c.base}/events/${showId}/follow`);
    const names = parseFeed((await fetchFeed()).body).events.map((e) => e.summary);
    expect(names).toHaveLength(30);
    expect(names).toContain('Opening night');

    // A new address retires the old one; revoking retires the new one.
    const rotated = (await c.actorAgent.post(`${c.base}/feed`)).json();
    expect(rotated.url).not.toBe(url);
    expect((await fetchFeed()).statusCode).toBe(404);
    expect((await new Agent(ctx.app).get(new URL(rotated.url).pathname)).statusCode).toBe(200);
    expect((await c.actorAgent.delete(`${c.base}/feed`)).json()).toEqual({ revokedCount: 1 });
    expect((await new Agent(ctx.app).get(new URL(rotated.url).pathname)).statusCode).toBe(404);
    expect((await new Agent(ctx.app).get('/api/feeds/not-a-real-token-at-all.ics')).statusCode).toBe(404);
  });

  it('stops serving a disabled member and refuses other organizations and signed-out callers', async () => {
    const c = await calendarOrg(ctx);
    const { url } = (await c.actorAgent.post(`${c.base}/feed`)).json();
    const path = new URL(url).pathname;
    expect((await new Agent(ctx.app).get(path)).statusCode).toBe(200);
    await ctx.database.query(`update user_organizations set status = 'disabled' where user_id = $1`, [
      c.actor.id,
    ]);
    expect((await new Agent(ctx.app).get(path)).statusCode).toBe(404);
    expect((await new Agent(ctx.app, c.org.host).get(`${c.base}/feed`)).statusCode).toBe(401);
    expect((await new Agent(ctx.app, c.org.host).post(`${c.base}/feed`)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org: other }), other);
    expect((await agent.get(`${c.base}/feed`)).statusCode).toBe(404);
    expect((await agent.post(`${c.base}/feed`)).statusCode).toBe(404);
    expect((await agent.delete(`${c.base}/feed`)).statusCode).toBe(404);
  });

  it("leaves a member's address working after signed-out and foreign calls to revoke or replace it", async () => {
    const c = await calendarOrg(ctx);
    const created = (await c.actorAgent.post(`${c.base}/feed`)).json();
    const path = new URL(created.url).pathname;
    expect((await new Agent(ctx.app, c.org.host).delete(`${c.base}/feed`)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org: other }), other);
    expect((await agent.post(`${c.base}/feed`)).statusCode).toBe(404);
    expect((await agent.delete(`${c.base}/feed`)).statusCode).toBe(404);
    // The stranger's own organization has no feed of theirs to revoke either.
    expect((await agent.delete(`/api/organizations/${other.id}/calendar/feed`)).json()).toEqual({
      revokedCount: 0,
    });
    expect((await new Agent(ctx.app).get(path)).statusCode).toBe(200);
    expect((await c.actorAgent.get(`${c.base}/feed`)).json()).toEqual(created);
  });

  it('refuses a feed token shorter than 10 characters', async () => {
    for (const token of ['short', 'abc.ics', '123456789']) {
      const res = await new Agent(ctx.app).get(`/api/feeds/${token}`);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().errors, token).toHaveProperty('token');
    }
  });
});

describe('iCalendar text', () => {
  it('escapes TEXT values and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const line = `SUMMARY:${'Ω'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
  });
});
