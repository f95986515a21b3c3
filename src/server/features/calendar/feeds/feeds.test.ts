import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../../tests/support/factories';
import { addDays, instantToWallTime } from '../../../../common/zoned-time';
import { escapeText, foldLine } from './ics';
import { CALENDAR_NOT_FOUND } from '../events/public-routes';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface FeedEvent {
  uid: string;
  summary: string;
  description: string | null;
  url: string | null;
  location: string | null;
  categories: string | null;
  start: string;
  end: string;
  created: string;
  lastModified: string;
  stamp: string;
  /** Recurrence properties present on the VEVENT (none expected: the feed writes instances). */
  recurrence: string[];
}

interface Parsed {
  name: string;
  refresh: string;
  events: FeedEvent[];
}

const utc = (value: unknown) => (value as ICAL.Time).toJSDate().toISOString();

/** Parses with ical.js, resolving DTSTART/DTEND through the feed's own VTIMEZONE. */
function parseFeed(text: string): Parsed {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const vtz of root.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  const events = root.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    const text = (name: string) => {
      const value = v.getFirstPropertyValue(name);
      return value === null || value === undefined ? null : String(value);
    };
    return {
      uid: event.uid,
      summary: event.summary,
      description: text('description'),
      url: text('url'),
      location: text('location'),
      categories: text('categories'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      created: utc(v.getFirstPropertyValue('created')),
      lastModified: utc(v.getFirstPropertyValue('last-modified')),
      stamp: String(v.getFirstPropertyValue('dtstamp')),
      recurrence: ['rrule', 'rdate', 'exdate', 'recurrence-id'].filter((name) => v.hasProperty(name)),
    };
  });
  return {
    name: String(root.getFirstPropertyValue('x-wr-calname')),
    refresh: String(root.getFirstProperty('refresh-interval')?.getFirstValue()),
    events,
  };
}

/** An occurrence as the JSON routes give it (the public one has no createdAt/updatedAt). */
interface ApiEvent {
  id: number;
  name: string;
  description: string | null;
  spaces: string[];
  startDateTime: string;
  endDateTime: string;
  eventType: string;
  eventUrl: string | null;
  isException?: boolean;
  createdAt?: string;
  updatedAt?: string;
}

const uidOf = (c: { org: { shortname: string } }, id: number) => `event-${id}@${c.org.shortname}.localhost`;
const instant = (iso: string) => new Date(iso).toISOString();
/** iCalendar DATE-TIMEs carry whole seconds. */
const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

/** What one VEVENT must say about an API occurrence. */
function expectedVevent(c: { org: { shortname: string } }, e: ApiEvent) {
  return {
    uid: uidOf(c, e.id),
    summary: e.name,
    description: e.description,
    url: e.eventUrl,
    location: e.spaces.length > 0 ? e.spaces.join(', ') : null,
    categories: e.eventType[0].toUpperCase() + e.eventType.slice(1),
    start: instant(e.startDateTime),
    end: instant(e.endDateTime),
    ...(e.updatedAt && e.createdAt
      ? { created: toSecond(e.createdAt), lastModified: toSecond(e.updatedAt) }
      : {}),
  };
}

/**
 * The feed holds exactly the API's occurrences, in the same order, one VEVENT each with its own
 * UID and every field the feed writes equal to the API's; no RRULE/EXDATE/RECURRENCE-ID, so the
 * VEVENTs are the whole schedule and nothing is left for a client to expand.
 */
function expectFeedMatchesApi(c: { org: { shortname: string } }, feed: Parsed, api: ApiEvent[]) {
  expect(feed.events.flatMap((e) => e.recurrence)).toEqual([]);
  const uids = feed.events.map((e) => e.uid);
  expect(new Set(uids).size).toBe(uids.length);
  const withStamps = api.every((e) => e.updatedAt && e.createdAt);
  expect(
    feed.events.map(({ stamp: _s, recurrence: _r, created, lastModified, ...rest }) =>
      withStamps ? { ...rest, created, lastModified } : rest,
    ),
  ).toEqual(api.map((e) => expectedVevent(c, e)));
}

type CalendarOrg = Awaited<ReturnType<typeof calendarOrg>>;
const range = `from=${day(-31)}&to=${day(365)}`;
const apiFollowed = async (c: CalendarOrg): Promise<ApiEvent[]> =>
  (await c.actorAgent.get(`${c.base}/events?${range}&followed=true`)).json();
const apiAll = async (c: CalendarOrg): Promise<ApiEvent[]> =>
  (await c.agents.owner.get(`${c.base}/events?${range}`)).json();

/** The actor's personal feed address, and a fetch of it parsed. */
async function personalFeed(c: CalendarOrg) {
  const created = await c.actorAgent.post(`${c.base}/feed`);
  expect(created.statusCode).toBe(201);
  const path = new URL(created.json().url).pathname;
  return async () => {
    const res = await new Agent(ctx.app).get(path);
    expect(res.statusCode).toBe(200);
    return parseFeed(res.body);
  };
}

const publicFeed = async (c: CalendarOrg) => {
  const res = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar.ics`);
  expect(res.statusCode).toBe(200);
  return parseFeed(res.body);
};

async function createEvent(
  c: CalendarOrg,
  agent: Agent,
  body: ReturnType<typeof eventBody>,
): Promise<ApiEvent> {
  const res = await agent.post(`${c.base}/events`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().event;
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
      secondaryColor: '#f0594f',
      accentColor: '#10b981',
      backgroundColor: '#ffffff',
      textColor: '#111827',
      theme: 'light',
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
    const api = await apiAll(c);
    expectFeedMatchesApi(c, feed, api);
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

  it('serves in its .ics the same events, at the same times and with the same details, as the public JSON', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    await seed(c);
    // Under way now: both routes include an event that has started and not yet ended.
    const now = Date.now();
    await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: 'Load-in, under way',
        eventUrl: 'https://example.org/load-in',
        spaces: ['Annex'],
        startDateTime: instantToWallTime(now - 2 * 3_600_000, 'America/New_York'),
        endDateTime: instantToWallTime(now + 2 * 3_600_000, 'America/New_York'),
      }),
    );
    // Another organization's events stay out of this one's calendar.
    const other = await calendarOrg(ctx, 'America/New_York');
    await createEvent(other, other.agents.owner, eventBody(other.people.owner.id, { name: 'Elsewhere' }));

    const asked = Date.now();
    const json = await new Agent(ctx.app).get(`/api/public/${c.org.shortname}/calendar`);
    expect(json.statusCode).toBe(200);
    const api: ApiEvent[] = json.json().events;
    const feed = await publicFeed(c);
    expect(api).toHaveLength(32);
    expect(api.map((e) => e.name)).toContain('Load-in, under way');
    // The JSON lists what has not yet ended; the .ics also keeps the recent past (FEED_BACK_DAYS).
    const ended = feed.events.filter((e) => Date.parse(e.end) <= asked);
    expect(ended.map((e) => e.summary)).toEqual(['Last week']);
    expectFeedMatchesApi(c, { ...feed, events: feed.events.filter((e) => !ended.includes(e)) }, api);
    expect(feed.events.map((e) => e.summary)).not.toContain('Elsewhere');
    // The ended event is the member list's, in full.
    const past = (await apiAll(c)).filter((e) => e.name === 'Last week');
    expectFeedMatchesApi(c, { ...feed, events: ended }, past);
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
    const followed = await apiFollowed(c);
    expectFeedMatchesApi(c, feed, followed);

    // Unfollowing one date takes it out of the feed; following the show adds it.
    await c.actorAgent.delete(`${c.base}/events/${followed[0].id}/follow`);
    const showId = (
      await c.actorAgent.get(`${c.base}/events?from=${day(-31)}&to=${day(365)}&type=show`)
    ).json()[0].id;
    await c.actorAgent.post(`${c.base}/events/${showId}/follow`);
    const after = parseFeed((await fetchFeed()).body);
    expect(after.events.map((e) => e.summary)).toHaveLength(30);
    expect(after.events.map((e) => e.summary)).toContain('Opening night');
    expectFeedMatchesApi(c, after, await apiFollowed(c));

    // A new address retires the old one; revoking retires the new one.
    const rotated = (await c.actorAgent.post(`${c.base}/feed`)).json();
    expect(rotated.url).not.toBe(url);
    expect((await fetchFeed()).statusCode).toBe(404);
    expect((await new Agent(ctx.app).get(new URL(rotated.url).pathname)).statusCode).toBe(200);
    expect((await c.actorAgent.delete(`${c.base}/feed`)).json()).toEqual({ revokedCount: 1 });
    expect((await new Agent(ctx.app).get(new URL(rotated.url).pathname)).statusCode).toBe(404);
    expect((await new Agent(ctx.app).get('/api/feeds/not-a-real-token-at-all.ics')).statusCode).toBe(404);
  });

  it("writes each followed occurrence with the API's UID, times, name, description, URL, place and type", async () => {
    const c = await calendarOrg(ctx, 'Europe/Berlin');
    const url = `https://example.org/productions/hamlet/rehearsals?act=2&scene=1&notes=${'n'.repeat(80)}`;
    // Followed through the member's team: text that needs escaping, and lines that need folding.
    await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: 'Blocking; Act 2, scene 1 \\ "the duel"',
        description: 'Bring foils, masks\nand water; no food\\drink',
        eventUrl: url,
        spaces: ['Annex', 'Main Stage'],
        startDateTime: `${day(2)}T18:30`,
        endDateTime: `${day(2)}T21:00`,
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringEndType: 'count',
        recurringEndCount: 6,
        teamIds: [c.teamId],
      }),
    );
    await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: 'Read-through',
        teamIds: [c.teamId],
        startDateTime: `${day(-5)}T19:00`,
        endDateTime: `${day(-5)}T22:00`,
      }),
    );
    // Reserved by the member: no description, no URL.
    await createEvent(
      c,
      c.actorAgent,
      eventBody(c.actor.id, {
        name: 'Costume fitting',
        description: null,
        eventType: 'other',
        spaces: ['Office'],
        startDateTime: `${day(4)}T10:00`,
        endDateTime: `${day(4)}T10:45`,
      }),
    );
    // A show followed explicitly, and a meeting the member does not follow.
    const show = await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: `Première ${'Ω'.repeat(40)}`,
        eventType: 'show',
        startDateTime: `${day(9)}T21:30`,
        endDateTime: `${day(9)}T23:30`,
      }),
    );
    expect((await c.actorAgent.post(`${c.base}/events/${show.id}/follow`)).statusCode).toBe(200);
    const meeting = await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: 'Board meeting',
        eventType: 'other',
        spaces: ['Office'],
        startDateTime: `${day(5)}T09:00`,
        endDateTime: `${day(5)}T10:00`,
      }),
    );

    const fetchFeed = await personalFeed(c);
    const feed = await fetchFeed();
    const api = await apiFollowed(c);
    expect(api).toHaveLength(9);
    expectFeedMatchesApi(c, feed, api);
    expect(feed.events.map((e) => e.uid)).not.toContain(uidOf(c, meeting.id));
    // The same list as the follow records say, and stable from one fetch to the next.
    const records = (await c.actorAgent.get(`${c.base}/events/followed?${range}`)).json();
    expect(feed.events.map((e) => e.uid)).toEqual(
      records
        .filter((r: { isFollowing: boolean }) => r.isFollowing)
        .map((r: { eventId: number }) => uidOf(c, r.eventId)),
    );
    expect((await fetchFeed()).events).toEqual(feed.events);
    // What was typed comes back unescaped through an independent parser.
    const blocking = feed.events.filter((e) => e.summary.startsWith('Blocking'));
    expect(blocking).toHaveLength(6);
    for (const e of blocking) {
      expect(e).toMatchObject({
        summary: 'Blocking; Act 2, scene 1 \\ "the duel"',
        description: 'Bring foils, masks\nand water; no food\\drink',
        url,
        location: 'Main Stage, Annex',
        categories: 'Rehearsal',
      });
      expect(Date.parse(e.end) - Date.parse(e.start)).toBe(150 * 60_000);
    }
    expect(feed.events.find((e) => e.summary === 'Costume fitting')).toMatchObject({
      description: null,
      url: null,
      location: 'Office',
      categories: 'Other',
    });
    expect(feed.events.find((e) => e.uid === uidOf(c, show.id))?.summary).toBe(`Première ${'Ω'.repeat(40)}`);
  });

  it('shows an edited date of a series with its new time and details and leaves out a deleted date', async () => {
    const c = await calendarOrg(ctx, 'America/New_York');
    const series = await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: 'Scene work',
        startDateTime: `${day(1)}T19:00`,
        endDateTime: `${day(1)}T21:30`,
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringEndType: 'count',
        recurringEndCount: 8,
        teamIds: [c.teamId],
      }),
    );
    const fetchFeed = await personalFeed(c);
    const before = await fetchFeed();
    const original = await apiFollowed(c);
    expect(original.map((e) => e.name)).toEqual(Array(8).fill('Scene work'));
    expect(original[0].id).toBe(series.id);
    expectFeedMatchesApi(c, before, original);

    // One date moved to the next evening, renamed and re-described; another date deleted.
    const edited = original[2];
    const newDate = addDays(edited.startDateTime.slice(0, 10), 1);
    const patch = await c.agents.owner.patch(`${c.base}/events/${edited.id}?strategy=this`, {
      name: 'Scene work (moved)',
      description: 'Moved for the lighting focus',
      eventUrl: 'https://example.org/moved',
      spaces: ['Office'],
      startDateTime: `${newDate}T17:15`,
      endDateTime: `${newDate}T18:45`,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const deleted = original[5];
    const removal = await c.agents.owner.delete(`${c.base}/events/${deleted.id}?strategy=this`);
    expect(removal.json()).toEqual({ deletedCount: 1 });

    const after = await apiFollowed(c);
    expect(after.map((e) => e.id)).toEqual(original.filter((e) => e !== deleted).map((e) => e.id));
    const moved = after.find((e) => e.id === edited.id) as ApiEvent;
    expect(moved).toMatchObject({ name: 'Scene work (moved)', isException: true });
    expect(moved.startDateTime.slice(0, 16)).toBe(`${newDate}T17:15`);
    expect(moved.endDateTime.slice(0, 16)).toBe(`${newDate}T18:45`);

    for (const feed of [await fetchFeed(), await publicFeed(c)]) {
      expectFeedMatchesApi(c, feed, after);
      const vevent = feed.events.find((e) => e.uid === uidOf(c, edited.id));
      expect(vevent).toMatchObject({
        summary: 'Scene work (moved)',
        description: 'Moved for the lighting focus',
        url: 'https://example.org/moved',
        location: 'Office',
        start: instant(moved.startDateTime),
        end: instant(moved.endDateTime),
      });
      // Neither the deleted date nor the edited date's old time is left behind.
      expect(feed.events.map((e) => e.uid)).not.toContain(uidOf(c, deleted.id));
      const starts = feed.events.map((e) => e.start);
      expect(starts).not.toContain(instant(deleted.startDateTime));
      expect(starts).not.toContain(instant(edited.startDateTime));
      // The other six dates are as they were, under the same UIDs.
      const untouched = (e: FeedEvent) => e.uid !== uidOf(c, edited.id) && e.uid !== uidOf(c, deleted.id);
      expect(feed.events.filter(untouched)).toEqual(before.events.filter(untouched));
    }
  });

  it('drops only the unfollowed date from the feed and brings it back on a new follow', async () => {
    const c = await calendarOrg(ctx, 'Australia/Sydney');
    await createEvent(
      c,
      c.agents.owner,
      eventBody(c.people.owner.id, {
        name: 'Movement call',
        startDateTime: `${day(1)}T18:00`,
        endDateTime: `${day(1)}T19:30`,
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringEndType: 'count',
        recurringEndCount: 6,
        teamIds: [c.teamId],
      }),
    );
    const fetchFeed = await personalFeed(c);
    const before = await fetchFeed();
    const followed = await apiFollowed(c);
    expect(followed).toHaveLength(6);
    expectFeedMatchesApi(c, before, followed);

    const dropped = followed[3];
    const res = await c.actorAgent.delete(`${c.base}/events/${dropped.id}/follow`);
    expect(res.json()).toMatchObject({ isFollowing: false, unfollowedCount: 1 });

    const after = await fetchFeed();
    const kept = (e: FeedEvent) => e.uid !== uidOf(c, dropped.id);
    expect(after.events.map((e) => e.uid)).toEqual(before.events.filter(kept).map((e) => e.uid));
    expect(after.events.map((e) => e.start)).toEqual(before.events.filter(kept).map((e) => e.start));
    expect(after.events.map((e) => e.start)).not.toContain(instant(dropped.startDateTime));
    expect(after.events).toEqual(before.events.filter(kept));
    expectFeedMatchesApi(
      c,
      after,
      followed.filter((e) => e !== dropped),
    );
    expectFeedMatchesApi(c, after, await apiFollowed(c));
    const records = (await c.actorAgent.get(`${c.base}/events/followed?${range}`)).json();
    expect(records).toContainEqual({ eventId: dropped.id, isFollowing: false });
    // Unfollowing is the member's own: the public calendar still has the date.
    expect((await publicFeed(c)).events.map((e) => e.uid)).toContain(uidOf(c, dropped.id));

    await c.actorAgent.post(`${c.base}/events/${dropped.id}/follow`);
    expect((await fetchFeed()).events).toEqual(before.events);
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
