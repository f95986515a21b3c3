// Kept answers (db/change-feed.ts): what a write behind the app's back, another instance, or a
// lost listening connection does to them. Through the real app on the test database; the
// two-instance and lost-connection cases need separate connections, so a PostgreSQL server.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext, testConfig } from '../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../tests/support/factories';
import { buildTeam } from '../../../tests/support/teams';
import { settled } from '../../../tests/support/change-feed';
import { buildApp } from '../app';
import type { App } from '../http/types';
import { type Area, TABLE_AREAS } from './areas';
import {
  announcedStatement,
  announcedTransaction,
  areaScope,
  CHANGES_CHANNEL,
  ChangeFeed,
  partScope,
  userScope,
} from './change-feed';
import { type Database, openDatabase } from './client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** A database handle whose listening connection the test switches on and off. */
function fakeDatabase() {
  let state: (listening: boolean) => void = () => {};
  let deliver: (payload: string) => void = () => {};
  const database = {
    async listen(_channel: string, onMessage: (payload: string) => void) {
      deliver = onMessage;
      return async () => {};
    },
    onListenState(handler: (listening: boolean) => void) {
      state = handler;
    },
  } as unknown as Database;
  return { database, setListening: (up: boolean) => state(up), notify: (p: string) => deliver(p) };
}

/** A started feed on a fake database, with one cache. */
async function fakeFeed(maxSize = 100, sizeOf?: (value: string) => number) {
  const fake = fakeDatabase();
  const feed = ChangeFeed.of(fake.database);
  await feed.start();
  const cache = feed.cache<string, string>('t', { maxAgeMs: 60_000, maxSize, sizeOf });
  return { ...fake, feed, cache };
}

describe('ChangeFeed and its caches', () => {
  it('keeps a value until a notification names one of its scopes', async () => {
    const { feed, cache, ...fake } = await fakeFeed();
    cache.set('a', 'A', [areaScope(1, 'calendar')], feed.ticket());
    cache.set('b', 'B', [areaScope(2, 'calendar'), userScope(7)], feed.ticket());
    expect(cache.get('a')).toBe('A');
    fake.notify('u:7');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    fake.notify('o:1:calendar');
    expect(cache.get('a')).toBeUndefined();
    fake.notify('anything else');
  });

  it("keeps a value through changes to other areas of its organization, and drops it with the organization's own", async () => {
    const { feed, cache, ...fake } = await fakeFeed();
    const keep = () => {
      cache.set('directory', 'D', [areaScope(1, 'people')], feed.ticket());
      cache.set('month', 'M', [areaScope(1, 'calendar'), areaScope(1, 'people')], feed.ticket());
    };
    keep();
    fake.notify('o:1:calendar');
    expect(cache.get('month')).toBeUndefined();
    expect(cache.get('directory')).toBe('D');
    fake.notify('o:1:library');
    fake.notify('o:2:people');
    expect(cache.get('directory')).toBe('D');
    fake.notify('o:1:people');
    expect(cache.get('directory')).toBeUndefined();

    // The organization itself: every area.
    keep();
    fake.notify('o:1');
    expect([cache.get('directory'), cache.get('month')]).toEqual([undefined, undefined]);
    // An area this instance does not know (a newer instance's): every area too, to be safe.
    keep();
    fake.notify('o:1:stage');
    expect([cache.get('directory'), cache.get('month')]).toEqual([undefined, undefined]);
    // Nothing else is a scope.
    keep();
    for (const payload of ['o:1:', 'o:1:people:x', 'o:x', 'O:1', ' o:1', 'o:1:People']) fake.notify(payload);
    expect([cache.get('directory'), cache.get('month')]).toEqual(['D', 'M']);
    feed.organizationChanged(1);
    expect([cache.get('directory'), cache.get('month')]).toEqual([undefined, undefined]);
  });

  it('refuses a value read before a change it covers (the read may have seen the old data)', async () => {
    const { feed, cache, ...fake } = await fakeFeed();
    const ticket = feed.ticket();
    fake.notify('o:1:people');
    cache.set('a', 'old', [areaScope(1, 'people')], ticket);
    expect(cache.get('a')).toBeUndefined();
    // A change elsewhere does not matter: another organization, or another area.
    const later = feed.ticket();
    fake.notify('o:2:people');
    fake.notify('o:1:calendar');
    cache.set('a', 'new', [areaScope(1, 'people')], later);
    expect(cache.get('a')).toBe('new');
    // The organization's own change covers every area.
    const last = feed.ticket();
    fake.notify('o:1');
    cache.set('a', 'newer', [areaScope(1, 'people')], last);
    expect(cache.get('a')).toBeUndefined();
  });

  it('refuses a value under parts alone read before a change to its whole organization', async () => {
    const { feed, cache, notify } = await fakeFeed();
    const ticket = feed.ticket();
    notify('o:7');
    cache.set(
      'search',
      'old',
      [partScope(7, 'library', 'word:re'), partScope(7, 'library', 'names')],
      ticket,
    );
    expect(cache.get('search')).toBeUndefined();
    cache.set('other', 'kept', [partScope(8, 'library', 'word:re')], ticket);
    expect(cache.get('other')).toBe('kept');
  });

  it('serves nothing while the listening connection is down, and forgets what it kept', async () => {
    const { feed, cache, ...fake } = await fakeFeed();
    cache.set('a', 'A', [areaScope(1, 'people')], feed.ticket());
    fake.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'A', [areaScope(1, 'people')], feed.ticket());
    expect(cache.get('a')).toBeUndefined();
    fake.setListening(true);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'A', [areaScope(1, 'people')], feed.ticket());
    expect(cache.get('a')).toBe('A');
  });

  it('reads a dropped answer once for the requests that missed it together, unless it changed meanwhile', async () => {
    const { cache, ...fake } = await fakeFeed();
    let loads = 0;
    const waiting: (() => void)[] = [];
    const load = () =>
      new Promise<string>((resolve) => {
        loads++;
        const n = loads;
        waiting.push(() => resolve(`v${n}`));
      });
    const scopes = [areaScope(1, 'people')];
    const first = cache.getOrLoad('k', scopes, load);
    const second = cache.getOrLoad('k', scopes, load);
    expect(loads).toBe(1);
    // A change to what it covers: a later request may not take the load begun before it.
    fake.notify('o:1:people');
    const third = cache.getOrLoad('k', scopes, load);
    expect(loads).toBe(2);
    for (const release of waiting) release();
    expect(await third).toBe('v2');
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
  });

  it('stays within its size bound, dropping the least recently used', async () => {
    const { feed, cache } = await fakeFeed(12, (v) => v.length);
    cache.set('a', 'AA', [], feed.ticket());
    cache.set('b', 'BB', [], feed.ticket());
    cache.get('a');
    cache.set('c', 'CCC', [], feed.ticket());
    cache.set('d', 'DDD', [], feed.ticket());
    cache.set('e', 'EEE', [], feed.ticket());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('AA');
    expect(cache.get('e')).toBe('EEE');
    // Anything over a quarter of the bound is never kept.
    cache.set('f', 'FFFF', [], feed.ticket());
    expect(cache.get('f')).toBeUndefined();
  });

  it('loads an answer asked for again, lately, a moment after a change drops it, before its next reader asks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      const fake = fakeDatabase();
      const feed = ChangeFeed.of(fake.database);
      await feed.start();
      const cache = feed.cache<string, string>('refreshed', {
        maxAgeMs: 600_000,
        maxSize: 100,
        refreshAhead: true,
      });
      let loads = 0;
      const load = async () => `v${++loads}`;
      const scopes = [areaScope(1, 'library')];
      await cache.getOrLoad('asked twice', scopes, load);
      await cache.getOrLoad('asked twice', scopes, load);
      await cache.getOrLoad('asked once', scopes, async () => 'once');
      fake.notify('o:1:library');
      expect(cache.get('asked twice')).toBeUndefined();
      // The writer's own notification, heard a moment after it dropped the answer itself.
      fake.notify('o:1:library');
      await vi.advanceTimersByTimeAsync(150);
      expect(loads).toBe(2);
      expect(cache.get('asked once')).toBeUndefined();
      expect(await cache.getOrLoad('asked twice', scopes, load)).toBe('v2');
      expect(loads).toBe(2);
      // Still in demand after it was loaded again: a change then loads it again.
      fake.notify('o:1:library');
      await vi.advanceTimersByTimeAsync(150);
      expect(loads).toBe(3);
      // A change during the load: kept only from a load begun after it.
      const slow = feed.cache<string, string>('refreshed slowly', {
        maxAgeMs: 600_000,
        maxSize: 100,
        refreshAhead: true,
      });
      let slowLoads = 0;
      const slowLoad = async () => {
        slowLoads++;
        if (slowLoads === 2) fake.notify('o:2:library');
        return `s${slowLoads}`;
      };
      const elsewhere = [areaScope(2, 'library')];
      await slow.getOrLoad('k', elsewhere, slowLoad);
      await slow.getOrLoad('k', elsewhere, slowLoad);
      fake.notify('o:2:library');
      await vi.advanceTimersByTimeAsync(150);
      expect(slow.get('k')).toBeUndefined();
      await vi.advanceTimersByTimeAsync(150);
      expect(slow.get('k')).toBe('s3');
      // Asked for last over a minute ago: left to its next reader.
      await vi.advanceTimersByTimeAsync(61_000);
      fake.notify('o:1:library');
      await vi.advanceTimersByTimeAsync(150);
      expect(loads).toBe(3);
      expect(cache.get('asked twice')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('kept answers on the test database', () => {
  it('see writes made directly in the database: names, memberships and ended sessions', async () => {
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org, firstName: 'Ann' });
    const agent = await signedIn(ctx, ann, org);
    const directory = `/api/organizations/${org.id}/directory`;
    expect((await agent.get('/api/me')).json().user.firstName).toBe('Ann');
    expect((await agent.get(directory)).json()[0].firstName).toBe('Ann');

    await ctx.database.query(`update users set first_name = 'Annette' where id = $1`, [ann.id]);
    await expect.poll(async () => (await agent.get('/api/me')).json().user.firstName).toBe('Annette');
    await expect.poll(async () => (await agent.get(directory)).json()[0].firstName).toBe('Annette');

    await ctx.database.query(
      `update user_organizations set status = 'disabled' where user_id = $1 and organization_id = $2`,
      [ann.id, org.id],
    );
    await expect.poll(async () => (await agent.get('/api/me')).statusCode).toBe(401);
  });

  it('never keep an unknown organization, so one approved a moment later is found', async () => {
    const org = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    const visitor = new Agent(ctx.app, org.host);
    const context = async () => (await visitor.get('/api/organization-context')).json().organization;
    expect(await context()).toBeNull();
    await ctx.database.query(`update organizations set approval_status = 'approved' where id = $1`, [org.id]);
    expect(await context()).toMatchObject({ shortname: org.shortname });
    await ctx.database.query(`update organizations set name = 'Renamed Players' where id = $1`, [org.id]);
    await expect.poll(async () => (await context()).name).toBe('Renamed Players');
  });

  it('show a write to the one who made it on their very next read', async () => {
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    const agent = await signedIn(ctx, owner, org);
    const list = `/api/organizations/${org.id}/calendar/events?from=2031-05-01&to=2031-05-31`;
    expect((await agent.get(list)).json()).toEqual([]);
    for (let i = 0; i < 5; i++) {
      const created = await agent.post(`/api/organizations/${org.id}/calendar/events`, {
        name: `Rehearsal ${i}`,
        startDateTime: `2031-05-1${i}T19:00:00`,
        endDateTime: `2031-05-1${i}T21:00:00`,
        eventType: 'other',
        spaces: ['Office'],
        reservedBy: owner.id,
      });
      expect(created.statusCode).toBe(201);
      expect((await agent.get(list)).json()).toHaveLength(i + 1);
    }
  });

  it('keep the caller through a write that cannot change them, and not through one that can', async () => {
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner', firstName: 'Ann' });
    const agent = await signedIn(ctx, owner, org);
    const { user } = (await agent.get('/api/me')).json();
    const lookups = vi.spyOn(ctx.database, 'query');
    const sessionLookups = () =>
      lookups.mock.calls.filter(([text]) => text.includes('from session s')).length;
    const booked = await agent.post(`/api/organizations/${org.id}/calendar/events`, {
      name: 'Fitting',
      startDateTime: '2031-06-10T19:00:00',
      endDateTime: '2031-06-10T21:00:00',
      eventType: 'other',
      spaces: ['Office'],
      reservedBy: owner.id,
    });
    expect(booked.statusCode).toBe(201);
    // The booking checked the kept session in its own transaction, and kept it for the next read.
    expect(sessionLookups()).toBe(0);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    expect(sessionLookups()).toBe(0);
    const renamed = await agent.patch(`/api/users/${owner.id}/profile`, {
      email: user.email,
      username: user.username,
      firstName: 'Annette',
      lastName: user.lastName,
      bio: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await agent.get('/api/me')).json().user.firstName).toBe('Annette');
    lookups.mockRestore();
  });

  it('end with the session: signing out refuses the old cookie at once', async () => {
    const org = await buildOrg(ctx.database);
    const ann = await buildUser(ctx.database, { org });
    const agent = await signedIn(ctx, ann, org);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    const cookie = agent.cookie;
    await agent.post('/api/logout');
    const replay = new Agent(ctx.app, org.host);
    replay.cookie = cookie;
    expect((await replay.get('/api/me')).statusCode).toBe(401);
  });

  it('are sent compressed to a client that accepts it, the same bytes once decoded', async () => {
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    for (let i = 0; i < 40; i++) await buildUser(ctx.database, { org, firstName: `Member ${i}` });
    const agent = await signedIn(ctx, owner, org);
    const path = `/api/organizations/${org.id}/directory`;
    const plain = await agent.get(path);
    const compressed = await agent.get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    const again = await agent.get(path, {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('areas', () => {
  it('are named for each table by its trigger exactly as db/areas.ts lists them', async () => {
    const rows = await ctx.database.query<{ table: string; args: string }>(
      `select c.relname as table, encode(t.tgargs, 'escape') as args
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
         and p.proname in ('greenroom_tenant_row_changed', 'greenroom_membership_changed', 'greenroom_user_changed')
       order by c.relname`,
    );
    // Arguments are stored one after another, each ended by a zero byte.
    const triggers = rows.map((r) => [r.table, r.args.split('\\000').slice(0, -1)]);
    expect(triggers).toEqual(
      Object.entries(TABLE_AREAS)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([table, area]) => [table, [area]]),
    );
  });
});

/**
 * A write that nobody announces: the setting silences its trigger, and the app is not told. A kept
 * answer that still shows the old value afterwards was served from memory.
 */
async function quietly(organizationId: number, area: Area, statement: string, params: unknown[]) {
  await ctx.database.transaction((q) => q.query(statement, params), {
    'greenroom.announced': areaScope(organizationId, area),
  });
}

// Through the real app: a write drops what was kept of the areas it wrote, and only that.
describe('kept answers by area', () => {
  async function world() {
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    const ann = await buildUser(ctx.database, { org, firstName: 'Ann' });
    const crew = await buildTeam(ctx, org, { name: 'Crew', members: [{ userId: ann.id }] });
    const agent = await signedIn(ctx, owner, org);
    const base = `/api/organizations/${org.id}`;
    const page = await agent.post(`${base}/wiki`, {
      title: 'Blocking notes',
      content: 'Who stands where',
      tags: [],
    });
    expect(page.statusCode).toBe(201);
    const event = (name: string, day: number) =>
      agent.post(`${base}/calendar/events`, {
        name,
        startDateTime: `2031-07-${day}T19:00:00`,
        endDateTime: `2031-07-${day}T21:00:00`,
        eventType: 'other',
        spaces: ['Office'],
        reservedBy: owner.id,
      });
    const rehearsal = await event('Rehearsal', 10);
    expect(rehearsal.statusCode).toBe(201);
    const ids = { page: page.json().id as number, event: rehearsal.json().event.id as number, crew: crew.id };
    const read = {
      /** Ann's teams in the directory. */
      directory: async () =>
        (await agent.get(`${base}/directory`))
          .json()
          .find((e: { userId: number }) => e.userId === ann.id)
          .teams.map((t: { name: string }) => t.name),
      search: async () =>
        (await agent.get(`${base}/wiki/search?q=blocking`))
          .json()
          .items.map((i: { title: string }) => i.title),
      page: async () => (await agent.get(`${base}/wiki/${page.json().slug}`)).json().title,
      month: async () =>
        (await agent.get(`${base}/calendar/events?from=2031-07-01&to=2031-07-31`))
          .json()
          .map((e: { name: string }) => e.name),
    };
    // Whatever setting up announced has arrived, so the reads below are kept.
    await settled(ctx.database);
    expect(await read.directory()).toEqual(['Crew']);
    expect(await read.search()).toEqual(['Blocking notes']);
    expect(await read.page()).toBe('Blocking notes');
    expect(await read.month()).toEqual(['Rehearsal']);
    // Changed where no kept answer hears of it: each shows its new value once it is read again.
    await quietly(org.id, 'people', 'update teams set name = $2 where id = $1', [ids.crew, 'Crew (new)']);
    await quietly(org.id, 'library', 'update wiki_pages set title = $2 where id = $1', [
      ids.page,
      'Blocking (new)',
    ]);
    await quietly(org.id, 'calendar', 'update calendar_events set name = $2 where id = $1', [
      ids.event,
      'Rehearsal (new)',
    ]);
    return { org, ann, agent, base, ids, read, event };
  }

  it('an event written leaves the directory and the library kept, and drops the calendar month', async () => {
    const { read, event } = await world();
    expect((await event('Premiere', 20)).statusCode).toBe(201);
    expect(await read.month()).toEqual(['Rehearsal (new)', 'Premiere']);
    expect(await read.directory()).toEqual(['Crew']);
    expect(await read.search()).toEqual(['Blocking notes']);
    expect(await read.page()).toBe('Blocking notes');
  });

  it('an event in another month leaves this month kept, whoever reads it', async () => {
    const { org, ann, agent, base, read } = await world();
    const september = await agent.post(`${base}/calendar/events`, {
      name: 'Load-in',
      startDateTime: '2031-09-10T19:00:00',
      endDateTime: '2031-09-10T21:00:00',
      eventType: 'other',
      spaces: ['Office'],
      reservedBy: ann.id,
    });
    expect(september.statusCode).toBe(201);
    expect(await read.month()).toEqual(['Rehearsal']);
    // Another member reads the same kept month, with their own follow flags.
    const annAgent = await signedIn(ctx, ann, org);
    const july = await annAgent.get(`${base}/calendar/events?from=2031-07-01&to=2031-07-31`);
    expect(july.json().map((e: { name: string; isFollowing: boolean }) => [e.name, e.isFollowing])).toEqual([
      ['Rehearsal', false],
    ]);
    const both = await annAgent.get(`${base}/calendar/events?from=2031-07-01&to=2031-09-30&followed=true`);
    expect(both.json().map((e: { name: string }) => e.name)).toEqual(['Load-in']);
  });

  it("drops a member's list made from a kept range when the range's month is heard of after the area", async () => {
    const { org, read } = await world();
    // Booked quietly: no instance hears of it until the test says so.
    await quietly(
      org.id,
      'calendar',
      `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time,
         event_type, reserved_by)
       select organization_id, 'Fitting', '{Annex}', start_date_time, end_date_time, 'other', reserved_by
       from calendar_events where organization_id = $1`,
      [org.id],
    );
    // Another instance's announcement arrives in two parts: the area first, and a read between.
    const feed = ChangeFeed.of(ctx.database);
    feed.changed(areaScope(org.id, 'calendar'));
    expect(await read.month()).toEqual(['Rehearsal']);
    feed.changed(`o:${org.id}:calendar@2031-07`);
    expect(await read.month()).toEqual(['Rehearsal (new)', 'Fitting']);
  });

  it('a write behind the app to an event drops the months it was and is in', async () => {
    const { ids, read } = await world();
    // Moved out of July by SQL alone: its trigger names July (where it was) and September.
    await ctx.database.query(
      `update calendar_events set start_date_time = start_date_time + interval '62 days',
         end_date_time = end_date_time + interval '62 days' where id = $1`,
      [ids.event],
    );
    await expect.poll(read.month).toEqual([]);
  });

  it("a team linked behind the app to an event drops its event's month", async () => {
    const { org, agent, base, ids } = await world();
    await ctx.database.query(
      'insert into calendar_event_teams (organization_id, event_id, team_id) values ($1, $2, $3)',
      [org.id, ids.event, ids.crew],
    );
    const teams = async () =>
      (await agent.get(`${base}/calendar/events?from=2031-07-01&to=2031-07-31`))
        .json()
        .map((e: { teams: { name: string }[] }) => e.teams.map((t) => t.name));
    await expect.poll(teams).toEqual([['Crew (new)']]);
  });

  it('an event booked or renamed leaves the follow records kept, and a follow drops them', async () => {
    const { org, agent, base, ids } = await world();
    const owner = (await agent.get('/api/me')).json().user.id as number;
    const july = async () =>
      (await agent.get(`${base}/calendar/events?from=2031-07-01&to=2031-07-31`))
        .json()
        .map((e: { isFollowing: boolean }) => e.isFollowing);
    expect(await july()).toEqual([true]);
    await quietly(
      org.id,
      'follows',
      `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
       values ($1, $2, $3, false)`,
      [org.id, ids.event, owner],
    );
    const september = await agent.post(`${base}/calendar/events`, {
      name: 'Load-in',
      startDateTime: '2031-09-10T19:00:00',
      endDateTime: '2031-09-10T21:00:00',
      eventType: 'other',
      spaces: ['Office'],
      reservedBy: owner,
    });
    expect(september.statusCode).toBe(201);
    // The booking dropped the owner's list but not the follow records it is made from.
    expect(await july()).toEqual([true]);
    // Nor does renaming the event, which writes its row alone.
    const renamed = await agent.patch(`${base}/calendar/events/${ids.event}?strategy=this`, { name: 'Run' });
    expect(renamed.statusCode).toBe(200);
    expect(await july()).toEqual([true]);
    expect((await agent.post(`${base}/calendar/events/${ids.event}/follow?strategy=this`)).statusCode).toBe(
      200,
    );
    expect(await july()).toEqual([true]);
    expect((await agent.delete(`${base}/calendar/events/${ids.event}/follow?strategy=this`)).statusCode).toBe(
      200,
    );
    expect(await july()).toEqual([false]);
  });

  it('a member change drops the directory and what shows names, and leaves the library search kept', async () => {
    const { org, ann, agent, read } = await world();
    const stage = await buildTeam(ctx, org, { name: 'Stage' });
    await settled(ctx.database);
    expect(
      (await agent.post(`/api/teams/${stage.id}/members`, { userId: ann.id, role: 'member' })).statusCode,
    ).toBe(201);
    expect(await read.directory()).toEqual(['Crew (new)', 'Stage']);
    // The month shows team names and the page its author's: both read people.
    expect(await read.month()).toEqual(['Rehearsal (new)']);
    expect(await read.page()).toBe('Blocking (new)');
    expect(await read.search()).toEqual(['Blocking notes']);
  });

  it('a library or breakdown write leaves the directory and the calendar month kept', async () => {
    const { agent, base, ids, read } = await world();
    const edited = await agent.patch(`${base}/wiki/${ids.page}`, {
      content: 'Who stands where, and when',
      currentVersion: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(await read.search()).toEqual(['Blocking (new)']);
    const character = await agent.post(`/api/teams/${ids.crew}/characters`, { name: 'Puck' });
    expect(character.statusCode).toBe(201);
    expect(await read.directory()).toEqual(['Crew']);
    expect(await read.month()).toEqual(['Rehearsal']);
  });

  it("a page edited drops its own view and the searches, and leaves other pages' views kept until a rename", async () => {
    const { org, agent, base, ids, read } = await world();
    const costumes = await agent.post(`${base}/wiki`, {
      title: 'Costume list',
      content: 'Fittings on Tuesday',
      tags: [],
    });
    expect(costumes.statusCode).toBe(201);
    await settled(ctx.database);
    const content = async (slug: string) => (await agent.get(`${base}/wiki/${slug}`)).json().content;
    expect(await read.page()).toBe('Blocking (new)');
    expect(await content('costume-list')).toBe('Fittings on Tuesday');
    await quietly(org.id, 'library', 'update wiki_pages set content = $2 where id = $1', [
      costumes.json().id,
      'Fittings on Thursday',
    ]);
    const edited = await agent.patch(`${base}/wiki/${ids.page}`, {
      content: 'Who stands where, and when',
      currentVersion: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(await content('blocking-notes')).toBe('Who stands where, and when');
    expect(await read.search()).toEqual(['Blocking (new)']);
    expect(await content('costume-list')).toBe('Fittings on Tuesday');
    // A new title shows in other pages' links and "What links here": every view goes.
    const renamed = await agent.patch(`${base}/wiki/${ids.page}`, { title: 'Fight call', currentVersion: 2 });
    expect(renamed.statusCode).toBe(200);
    expect(await content('costume-list')).toBe('Fittings on Thursday');
  });

  it('a search is kept through edits to words it does not look for, and goes with one that finds or loses its word', async () => {
    const { org, agent, base, ids } = await world();
    const costumes = await agent.post(`${base}/wiki`, {
      title: 'Costume list',
      content: 'Fittings after blocking',
      tags: [],
    });
    expect(costumes.statusCode).toBe(201);
    // The best match alone: the costume page is found (counted) but not shown.
    const best = async () => {
      const answer = (await agent.get(`${base}/wiki/search?q=blocking&limit=1`)).json();
      return [answer.total, ...answer.items.map((i: { title: string }) => i.title)];
    };
    await settled(ctx.database);
    expect(await best()).toEqual([2, 'Blocking (new)']);
    await quietly(org.id, 'library', 'update wiki_pages set title = $2 where id = $1', [
      ids.page,
      'Blocking (quiet)',
    ]);
    const edit = (content: string, currentVersion: number) =>
      agent.patch(`${base}/wiki/${costumes.json().id}`, { content, currentVersion });
    // Words added after "blocking" move every word indexed after it, which no search ranks by.
    expect((await edit('Fittings after blocking, on Tuesday and Thursday', 1)).statusCode).toBe(200);
    expect(await best()).toEqual([2, 'Blocking (new)']);
    expect((await edit('Fittings on Tuesday', 2)).statusCode).toBe(200);
    expect(await best()).toEqual([1, 'Blocking (quiet)']);
  });

  it("a search lies under its words' first three letters, and a shorter word's search under all it has", async () => {
    const { org, agent, base, ids } = await world();
    const costumes = await agent.post(`${base}/wiki`, {
      title: 'Costume list',
      content: 'Fittings',
      tags: [],
    });
    expect(costumes.statusCode).toBe(201);
    const titles = async (q: string) =>
      (await agent.get(`${base}/wiki/search?q=${q}`)).json().items.map((i: { title: string }) => i.title);
    await settled(ctx.database);
    expect(await titles('blocking')).toEqual(['Blocking (new)']);
    expect(await titles('bl')).toEqual(['Blocking (new)']);
    await quietly(org.id, 'library', 'update wiki_pages set title = $2 where id = $1', [
      ids.page,
      'Blocking (quiet)',
    ]);
    const edit = async (content: string, currentVersion: number) => {
      const res = await agent.patch(`${base}/wiki/${costumes.json().id}`, { content, currentVersion });
      expect(res.statusCode).toBe(200);
      await settled(ctx.database);
    };
    // "blank" shares two letters with "blocking": that search stays, the one for "bl" goes.
    await edit('Fittings, blank', 1);
    expect(await titles('blocking')).toEqual(['Blocking (new)']);
    expect(await titles('bl')).toEqual(['Blocking (quiet)', 'Costume list']);
    await edit('Fittings, blank, blockade', 2);
    expect(await titles('blocking')).toEqual(['Blocking (quiet)']);
  });

  it('a search goes with an edit that changes words of more beginnings than are named one by one', async () => {
    const { agent, base } = await world();
    const costumes = await agent.post(`${base}/wiki`, {
      title: 'Costume list',
      content: 'Fittings',
      tags: [],
    });
    expect(costumes.statusCode).toBe(201);
    const found = async () => (await agent.get(`${base}/wiki/search?q=blocking`)).json().total;
    await settled(ctx.database);
    expect(await found()).toBe(1);
    // 130 words of different first letters: their parts are announced as all the words.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const many = [...letters].flatMap((a) => [...'abcde'].map((b) => `${a}${b}zz`)).join(' ');
    const edited = await agent.patch(`${base}/wiki/${costumes.json().id}`, {
      content: `Fittings after blocking. ${many}`,
      currentVersion: 1,
    });
    expect(edited.statusCode).toBe(200);
    await settled(ctx.database);
    expect(await found()).toBe(2);
  });

  it('a page written behind the app drops its view', async () => {
    const { ids, read } = await world();
    await ctx.database.query("update wiki_pages set title = 'Blocking (final)' where id = $1", [ids.page]);
    await expect.poll(read.page).toBe('Blocking (final)');
  });

  it('a write behind the app drops its area when its trigger announces it, and nothing else', async () => {
    const { ids, read } = await world();
    await ctx.database.query('update wiki_pages set tags = $2 where id = $1', [ids.page, ['blocking']]);
    await expect.poll(read.search).toEqual(['Blocking (new)']);
    await settled(ctx.database);
    expect(await read.directory()).toEqual(['Crew']);
    expect(await read.month()).toEqual(['Rehearsal']);
    await ctx.database.query(
      `update users set last_name = 'Lee' where id = (select reserved_by from calendar_events where id = $1)`,
      [ids.event],
    );
    await expect.poll(read.month).toEqual(['Rehearsal (new)']);
  });

  it('a change to the organization itself drops every area', async () => {
    const { org, read } = await world();
    await ctx.database.query('update organizations set description = $2 where id = $1', [
      org.id,
      'Our season',
    ]);
    await expect.poll(read.search).toEqual(['Blocking (new)']);
    expect(await read.directory()).toEqual(['Crew (new)']);
    expect(await read.month()).toEqual(['Rehearsal (new)']);
  });
});

const url = process.env.DATABASE_URL;

/**
 * Returns once `heard` holds everything sent on the channel before this call: a listener receives
 * notifications in the order their transactions committed, so a marker sent now comes after them.
 */
async function heardAllSentSoFar(heard: string[]) {
  const marker = `marker-${randomUUID()}`;
  await ctx.database.notify(CHANGES_CHANNEL, marker);
  await expect.poll(() => heard.includes(marker)).toBe(true);
  heard.splice(heard.indexOf(marker), 1);
}

// Its own database, so that cutting its listening connections disturbs no other test file.
describe('announced writes', () => {
  it("are announced once, after the commit, by the app; another organization's rows, or another area's, by their trigger", async () => {
    const mine = await buildOrg(ctx.database);
    const other = await buildOrg(ctx.database);
    const heard: string[] = [];
    const stop = await ctx.database.listen!(CHANGES_CHANNEL, (payload) => heard.push(payload));
    try {
      const insertTeam = (orgId: number, handle: string) =>
        `insert into teams (organization_id, name, handle) values (${orgId}, 'Crew', '${handle}')`;
      await announcedTransaction(ctx.database, mine.id, ['people'], async (q) => {
        await q.query(insertTeam(mine.id, `crew-a-${mine.id}`));
        await q.query(insertTeam(mine.id, `crew-b-${mine.id}`));
        await q.query(insertTeam(other.id, `crew-${other.id}`));
        await q.query(
          `insert into wiki_pages (organization_id, title, slug, content) values (${mine.id}, 'Notes', 'notes', '')`,
        );
        // Nothing is announced before the commit.
        expect(heard).toEqual([]);
      });
      const people = areaScope(mine.id, 'people');
      const scopes = [people, areaScope(other.id, 'people'), areaScope(mine.id, 'library')];
      await expect.poll(() => scopes.every((scope) => heard.includes(scope))).toBe(true);
      await heardAllSentSoFar(heard);
      // The trigger stayed silent for the announced area: one notice, the app's. The page's
      // triggers announced its area and its parts.
      expect(heard.filter((p) => p === people)).toHaveLength(1);
      expect(heard.filter((p) => p.startsWith(`o:${mine.id}:`)).sort()).toEqual(
        [
          areaScope(mine.id, 'library'),
          partScope(mine.id, 'library', 'names'),
          partScope(mine.id, 'library', 'page:notes'),
          people,
        ].sort(),
      );

      // A refused write announces nothing.
      heard.length = 0;
      await expect(
        announcedTransaction(ctx.database, mine.id, ['people'], async (q) => {
          await q.query(insertTeam(mine.id, `crew-c-${mine.id}`));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await heardAllSentSoFar(heard);
      expect(heard).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('of several areas leave each to the app, once', async () => {
    const org = await buildOrg(ctx.database);
    const heard: string[] = [];
    const stop = await ctx.database.listen!(CHANGES_CHANNEL, (payload) => heard.push(payload));
    try {
      await announcedTransaction(ctx.database, org.id, ['people', 'library'], async (q) => {
        await q.query(`insert into teams (organization_id, name, handle) values ($1, 'Crew', $2)`, [
          org.id,
          `crew-${org.id}`,
        ]);
        await q.query(
          `insert into wiki_pages (organization_id, title, slug, content) values ($1, 'Notes', 'notes', '')`,
          [org.id],
        );
      });
      const scopes = [areaScope(org.id, 'library'), areaScope(org.id, 'people')];
      await expect.poll(() => scopes.every((scope) => heard.includes(scope))).toBe(true);
      await heardAllSentSoFar(heard);
      // The triggers stayed silent for both: one notice each, the app's, with the parts of the
      // library the page's triggers noted.
      expect(heard.filter((p) => p.startsWith(`o:${org.id}:`)).sort()).toEqual([
        areaScope(org.id, 'library'),
        partScope(org.id, 'library', 'names'),
        partScope(org.id, 'library', 'page:notes'),
        areaScope(org.id, 'people'),
      ]);
    } finally {
      await stop();
    }
  });

  it('of one statement are announced once, by the app, and drop what this instance kept at once', async () => {
    const org = await buildOrg(ctx.database);
    const feed = ChangeFeed.of(ctx.database);
    const cache = feed.cache<string, string>('announced-statement-test', { maxAgeMs: 60_000, maxSize: 10 });
    cache.set('kept', 'old', [areaScope(org.id, 'people')], feed.ticket());
    cache.set('elsewhere', 'kept', [areaScope(org.id, 'calendar')], feed.ticket());
    expect(cache.get('kept')).toBe('old');
    const heard: string[] = [];
    const stop = await ctx.database.listen!(CHANGES_CHANNEL, (payload) => heard.push(payload));
    try {
      const rows = await announcedStatement<{ handle: string }>(
        ctx.database,
        org.id,
        ['people'],
        (announcing) =>
          `insert into teams (organization_id, name, handle) select $1, 'Crew', $2 from ${announcing} returning handle`,
        [org.id, `crew-${org.id}`],
      );
      expect(rows).toEqual([{ handle: `crew-${org.id}` }]);
      expect(cache.get('kept')).toBeUndefined();
      expect(cache.get('elsewhere')).toBe('kept');
      await expect.poll(() => heard.includes(areaScope(org.id, 'people'))).toBe(true);
      await heardAllSentSoFar(heard);
      // The trigger stayed silent: one notice, the app's.
      expect(heard.filter((p) => p === areaScope(org.id, 'people'))).toHaveLength(1);
      expect(cache.get('elsewhere')).toBe('kept');
    } finally {
      await stop();
    }
  });
});

describe.skipIf(!url)('kept answers across instances with their own connections', () => {
  const name = `greenroom_feed_${process.pid}_${Date.now().toString(36)}`;
  let writer: Database;
  const instances: { database: Database; app: App }[] = [];
  const instance = async () => {
    const database = await openDatabase({ databaseUrl: databaseUrl() });
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    instances.push({ database, app });
    return { database, app };
  };
  const databaseUrl = () => {
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  beforeAll(async () => {
    await ctx.database.query(`create database ${name}`);
    writer = await openDatabase({ databaseUrl: databaseUrl() });
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await writer?.close();
    await ctx.database.query(`drop database if exists ${name} with (force)`);
  });

  it('refuse a session the other instance ended, and show what it wrote', async () => {
    const one = await instance();
    const two = await instance();
    const org = await buildOrg(writer);
    const owner = await buildUser(writer, { org, role: 'owner' });
    const here = new Agent(one.app, org.host);
    expect(
      (await here.post('/api/login', { username: owner.username, password: owner.password })).statusCode,
    ).toBe(200);
    const there = new Agent(two.app, org.host);
    there.cookie = here.cookie;
    const list = `/api/organizations/${org.id}/calendar/events?from=2031-06-01&to=2031-06-30`;
    expect((await here.get(list)).json()).toEqual([]);
    expect((await there.get('/api/me')).statusCode).toBe(200);

    const created = await there.post(`/api/organizations/${org.id}/calendar/events`, {
      name: 'Tech rehearsal',
      startDateTime: '2031-06-10T18:00:00',
      endDateTime: '2031-06-10T22:00:00',
      eventType: 'other',
      spaces: ['Annex'],
      reservedBy: owner.id,
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(async () => (await here.get(list)).json()).toHaveLength(1);

    await there.post('/api/logout');
    await expect.poll(async () => (await here.get('/api/me')).statusCode).toBe(401);
  });

  it('go to the database while the listening connection is down, and keep again once it is back', async () => {
    const { app, database } = await instance();
    const org = await buildOrg(writer);
    const ann = await buildUser(writer, { org, firstName: 'Ann' });
    const agent = new Agent(app, org.host);
    expect(
      (await agent.post('/api/login', { username: ann.username, password: ann.password })).statusCode,
    ).toBe(200);
    expect((await agent.get('/api/me')).json().user.firstName).toBe('Ann');
    const feed = ChangeFeed.of(database);

    // What a database restart does to the listeners: their backends are terminated.
    await writer.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN%'`,
    );
    await expect.poll(() => feed.live).toBe(false);
    // Nothing can announce this write now; it must be read anyway.
    await writer.query(`update users set first_name = 'Anna' where id = $1`, [ann.id]);
    expect((await agent.get('/api/me')).json().user.firstName).toBe('Anna');

    await expect.poll(() => feed.live, { timeout: 8_000 }).toBe(true);
    await writer.query(`update users set first_name = 'Annabel' where id = $1`, [ann.id]);
    await expect.poll(async () => (await agent.get('/api/me')).json().user.firstName).toBe('Annabel');
  });
});
