// Hostile input to every registered route, derived from the route's own zod schemas (body, query
// string, path) and bent: wrong types, missing and extra fields, huge strings and arrays, deep
// nesting, prototype-pollution keys, SQL and script payloads, NUL bytes, invalid UTF-8, 20 MB
// bodies and lying content types. Never a 5xx, never another organization's data in an answer,
// Object.prototype untouched, and the app healthy afterwards. Seeded and bounded: the same
// requests every run, so CI time is predictable and a failure reproduces.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccessWorld,
  type Caller,
  freshCaller,
  send,
  signIn,
  type World,
} from '../support/access-world';
import { getTestApp, type TestContext, uniqueId } from '../support/app';
import { buildUser } from '../support/factories';
import {
  applyToJson,
  applyToQuery,
  encode,
  fitting,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  INVALID_UTF8_BODIES,
  jsonSchemaOf,
  knowField,
  mutation,
  RAW_QUERY,
  WRONG_CONTENT,
} from '../support/hostile-input';
import { buildTeam, multipart } from '../support/teams';
import { buildPage } from '../support/library';
import { defaultParams } from './access-matrix';

const SEED = 15_2026;
const RUNS_PER_ROUTE = 16;
const TWENTY_MB = Buffer.alloc(20 * 1024 * 1024, 0x61);

let ctx: TestContext;
let world: World;
/** Planted in the other organization's team, people, events and pages; must never come back. */
const MARKER = `zqxforeign${uniqueId()}`;

beforeAll(async () => {
  ctx = await getTestApp();
  world = await buildAccessWorld(ctx);
  await plantMarker(world);
  knowField('reservedBy', fc.constant(world.people.owner.id));
}, 120_000);

async function plantMarker(w: World) {
  const db = ctx.database;
  const person = await buildUser(db, { org: w.other, firstName: MARKER, lastName: MARKER });
  const team = await buildTeam(ctx, w.other, {
    name: `${MARKER} team`,
    members: [{ userId: person.id, role: 'team_lead' }],
  });
  await db.query('update teams set description = $1 where id = $2', [MARKER, team.id]);
  await buildPage(ctx, w.other, w.people.other_org.id, {
    title: `${MARKER} page`,
    content: `Secret ${MARKER}`,
    tags: [MARKER],
    isPublic: true,
  });
  const res = await send(
    ctx,
    w.callers.other_org,
    'POST',
    `/api/organizations/${w.other.id}/calendar/events`,
    {
      name: `${MARKER} rehearsal`,
      description: MARKER,
      spaces: ['Main Stage'],
      startDateTime: '2030-03-04T10:00:00',
      endDateTime: '2030-03-04T11:00:00',
      eventType: 'rehearsal',
      reservedBy: w.people.other_org.id,
    },
  );
  if (res.statusCode !== 201) throw new Error(`marker event: ${res.statusCode} ${res.body}`);
}

interface RouteTarget {
  method: string;
  url: string;
  caller: Caller;
  params: Record<string, string | number>;
  /** Member callers must never see the other organization; the system user sees everything. */
  checkMarker: boolean;
}

/** Who fuzzes a route, with which real ids, chosen so a valid request reaches the handler. */
async function targetOf(route: { method: string; url: string }): Promise<RouteTarget> {
  const params = defaultParams(world);
  const base = { method: route.method, url: route.url, params };
  if (route.url.startsWith('/api/system/')) {
    // Throwaway objects of this run only: a fuzzed system write must not touch another test's rows.
    const [org] = await ctx.database.query<{ id: number }>(
      `insert into organizations (name, shortname, approval_status) values ($1, $2, 'approved') returning id`,
      [`Fuzz ${uniqueId()}`, `fuzz-${uniqueId()}`],
    );
    const team = await buildTeam(ctx, world.org);
    const id = route.url.includes('/outbox/')
      ? world.outboxId
      : route.url.includes('/table/')
        ? team.id
        : org.id;
    return { ...base, caller: world.callers.system, params: { ...params, id }, checkMarker: false };
  }
  if (route.url === '/files/:id/:key') {
    return { ...base, caller: world.callers.owner, params: { ...params, ...world.image }, checkMarker: true };
  }
  if (
    route.url.startsWith('/api/me') ||
    route.url.startsWith('/api/users/:id') ||
    route.url === '/api/logout'
  ) {
    // A person of their own: a valid body may change their password, picture or name.
    const caller = await freshCaller(world, 'owner');
    return { ...base, caller, params: { ...params, id: caller.user?.id ?? 0 }, checkMarker: true };
  }
  return {
    ...base,
    caller: world.callers.owner,
    params: await freshObjects(route.url, params),
    checkMarker: true,
  };
}

/** Objects of the route's own, so what one route's fuzzing deletes or archives the next still has. */
async function freshObjects(url: string, params: Record<string, string | number>) {
  const owner = world.callers.owner;
  const orgUrl = `/api/organizations/${world.org.id}`;
  const fresh = { ...params };
  if (url.includes(':userId') || url.includes(':username') || url.includes(':teamId')) {
    const member = await buildUser(ctx.database, { org: world.org, firstName: 'Fuzzed' });
    const team = await buildTeam(ctx, world.org, { members: [{ userId: member.id, role: 'member' }] });
    const link = await send(ctx, owner, 'POST', `/api/teams/${team.id}/links`, {
      url: 'https://example.test/f',
    });
    const file = multipart('file', 'f.txt', 'text/plain', Buffer.from('fuzz'));
    const asset = await send(ctx, owner, 'POST', `/api/teams/${team.id}/assets`, file.body, file.headers);
    Object.assign(fresh, {
      userId: member.id,
      username: member.username,
      teamId: team.id,
      teamHandle: team.handle,
      linkId: link.json().id,
      assetId: asset.json().id,
    });
  }
  if (url.includes(':eventId')) {
    const res = await send(ctx, owner, 'POST', `${orgUrl}/calendar/events`, {
      name: 'Fuzzed event',
      spaces: ['Office'],
      startDateTime: `2030-06-${String((routesFuzzed.size % 28) + 1).padStart(2, '0')}T08:00:00`,
      endDateTime: `2030-06-${String((routesFuzzed.size % 28) + 1).padStart(2, '0')}T08:30:00`,
      reservedBy: world.people.owner.id,
      // More routes with :eventId than days in the month share a day: the owner books over it.
      overrideConflicts: true,
    });
    if (res.statusCode !== 201) throw new Error(`fuzz event: ${res.statusCode} ${res.body}`);
    fresh.eventId = res.json().event.id;
  }
  if (url.includes(':shiftId')) {
    // A shift of the route's own (on its fresh event when the route names one), held by the owner.
    const [shift] = await ctx.database.query<{ id: number; eventId: number }>(
      `with p as (insert into volunteer_positions (organization_id, name) values ($1, $2) returning id),
         e as (select id, start_date_time, end_date_time from calendar_events where organization_id = $1 and id = $3
               union all
               select id, start_date_time, end_date_time from calendar_events where organization_id = $1 and $3::int is null
               order by 1 limit 1)
       insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time)
       select $1, e.id, p.id, 3, e.start_date_time, e.end_date_time from p, e returning id, event_id as "eventId"`,
      [world.org.id, `Fuzzed ${uniqueId()}`, fresh.eventId ?? null],
    );
    await ctx.database.query(
      'insert into volunteer_signups (organization_id, shift_id, user_id) values ($1, $2, $3)',
      [world.org.id, shift.id, world.people.owner.id],
    );
    Object.assign(fresh, { shiftId: shift.id, eventId: shift.eventId });
  }
  if (url.includes(':pageId') || url.includes(':slug')) {
    const page = await buildPage(ctx, world.org, world.people.owner.id, { title: `Fuzzed ${uniqueId()}` });
    Object.assign(fresh, { pageId: page.id, slug: page.slug });
  }
  return fresh;
}

interface Failure {
  route: string;
  request: string;
  status: number;
  body: string;
}

const failures: Failure[] = [];
let requests = 0;
/** Answers by class (2 → 2xx …): the share that got past validation shows how deep the input went. */
const answered: Record<number, number> = {};
const routesFuzzed = new Set<string>();

async function fire(
  target: RouteTarget,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const res = await send(ctx, target.caller, target.method, path, body, headers);
  requests += 1;
  answered[Math.floor(res.statusCode / 100)] = (answered[Math.floor(res.statusCode / 100)] ?? 0) + 1;
  const route = `${target.method} ${target.url}`;
  const request = `${path.slice(0, 200)} ${typeof body === 'string' ? body.slice(0, 200) : body ? `<${body.length} bytes>` : ''}`;
  if (res.statusCode >= 500)
    failures.push({ route, request, status: res.statusCode, body: res.body.slice(0, 300) });
  if (target.checkMarker && res.body.includes(MARKER)) {
    failures.push({
      route,
      request,
      status: res.statusCode,
      body: `another organization's data: ${res.body.slice(0, 300)}`,
    });
  }
  return res;
}

function pathOf(target: RouteTarget, override?: { name: string; segment: string }): string {
  return target.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    override?.name === name ? override.segment : encodeURIComponent(String(target.params[name] ?? '1')),
  );
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';
const uploadFields = ['file', 'headerImage', 'logo', 'favicon', 'profilePicture'];

function hostileHeaders(target: RouteTarget): Record<string, string>[] {
  const cookie = target.caller.cookie ?? '';
  const [name] = cookie.split('=');
  return [
    { host: world.other.host, origin: `http://${world.other.host}`, 'content-type': 'application/json' },
    { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
    { host: `${'a'.repeat(300)}.localhost`, 'content-type': 'application/json' },
    { host: 'localhost:99999', 'content-type': 'application/json' },
    { origin: 'null', 'content-type': 'application/json' },
    { cookie: `${name || 'gr.sid'}=${'A'.repeat(5000)}`, 'content-type': 'application/json' },
    { cookie: `${name || 'gr.sid'}=s:forged.c2lnbmF0dXJl; ${cookie}`, 'content-type': 'application/json' },
    { cookie: `${cookie}; ${cookie}x`, 'content-type': 'application/json' },
  ];
}

/** The seeded property for one route: schema-shaped input, bent. */
async function fuzzRoute(target: RouteTarget, schema: Record<string, unknown> | undefined, index: number) {
  const bodySchema = jsonSchemaOf(schema?.body);
  const querySchema = jsonSchemaOf(schema?.querystring);
  const paramNames = [...target.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const keysOf = (s: typeof bodySchema) => Object.keys(s?.properties ?? {});
  // The database settings are one shared row (other test files read theirs back): always invalid.
  const sharedRow = target.url === '/api/system/database-settings' && target.method === 'PATCH';
  const input = fc.record({
    body: sharedRow ? fc.constant({}) : fitting(bodySchema),
    bodyMutation: mutation(keysOf(bodySchema)),
    query: fitting(querySchema),
    queryMutation: mutation(keysOf(querySchema)),
    rawQuery: fc.constantFrom(...RAW_QUERY),
    // One request in four has a hostile path segment; the rest reach the route's own checks.
    segment: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.record({
          name: paramNames.length > 0 ? fc.constantFrom(...paramNames) : fc.constant(''),
          segment: fc.oneof(
            fc.constantFrom(...HOSTILE_SEGMENTS),
            fc.constantFrom(...HOSTILE_STRINGS).map(encode),
          ),
        }),
      },
    ),
    upload: fc.record({
      field: fc.oneof(fc.constantFrom(...uploadFields), fc.constantFrom(...HOSTILE_STRINGS)),
      filename: fc.oneof(fc.constant('a.png'), fc.constantFrom(...HOSTILE_STRINGS)),
      type: fc.constantFrom(
        'image/png',
        'text/csv',
        'text/calendar',
        'application/x-msdownload',
        '',
        'image/svg+xml',
      ),
      data: fc.oneof(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(...HOSTILE_STRINGS).map((s) => new TextEncoder().encode(s)),
      ),
    }),
  });
  await fc.assert(
    fc.asyncProperty(input, async (i) => {
      const query = applyToQuery(i.query, i.queryMutation, i.rawQuery);
      const path = `${pathOf(target, i.segment ?? undefined)}${query ? `?${query}` : ''}`;
      if (!hasBody(target.method)) return void (await fire(target, path));
      if (bodySchema || target.method !== 'POST') {
        await fire(target, path, applyToJson(i.body, i.bodyMutation), { 'content-type': 'application/json' });
        return;
      }
      // Uploads: a form with the field, name, type and bytes an attacker picks.
      const form = multipart(
        i.upload.field.replace(/["\r\n]/g, ''),
        i.upload.filename.replace(/["\r\n]/g, ''),
        i.upload.type,
        Buffer.from(i.upload.data),
      );
      await fire(target, path, form.body, form.headers);
    }),
    { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
  );
  const path = pathOf(target);
  // The same session and path under a hostile host, origin or cookie: tenancy is read from these.
  for (const headers of hostileHeaders(target))
    await fire(target, path, hasBody(target.method) ? '{}' : undefined, headers);
  if (!hasBody(target.method)) return;
  for (const body of INVALID_UTF8_BODIES)
    await fire(target, path, body, { 'content-type': 'application/json' });
  for (const { body, type } of WRONG_CONTENT)
    await fire(target, path, body, type ? { 'content-type': type } : {});
  await fire(target, path, TWENTY_MB, { 'content-type': 'application/json' });
  const big = multipart('file', 'big.png', 'image/png', TWENTY_MB);
  await fire(target, path, big.body, big.headers);
}

/** Puts the world back where fuzzing may have moved it: the owner signed in, the organization open. */
async function restoreWorld() {
  await ctx.database.query(
    `update organizations set approval_status = 'approved', require_two_factor_for_admins = false where id = $1`,
    [world.org.id],
  );
  const me = await send(ctx, world.callers.owner, 'GET', '/api/me');
  if (me.statusCode !== 200) world.callers.owner = await signIn(ctx, world.people.owner, world.org.host);
}

describe('hostile input', () => {
  it('no route answers 5xx or leaks another organization, whatever it is sent', async () => {
    const routes = ctx.app.routeTable.filter(
      (r) => r.url !== '/ws' && r.url.includes(process.env.FUZZ_ONLY ?? ''),
    );
    let index = 0;
    for (const route of routes) {
      const target = await targetOf(route);
      await fuzzRoute(target, route.schema as Record<string, unknown> | undefined, index++);
      routesFuzzed.add(`${route.method} ${route.url}`);
      await restoreWorld();
    }
    console.log(
      `fuzz: ${requests} requests to ${routesFuzzed.size} routes, ${answered[5] ?? 0} server errors ` +
        `(${answered[2] ?? 0} accepted, ${answered[4] ?? 0} refused)`,
    );
    expect(failures).toEqual([]);
    // Enough input got past validation to reach the handlers (not only 400s and 401s).
    expect(answered[2] ?? 0).toBeGreaterThan(requests * 0.15);
  }, 600_000);

  it('leaves Object.prototype unpolluted and the app healthy', async () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.isSystemUser).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect((await send(ctx, world.callers.anonymous, 'GET', '/api/health')).statusCode).toBe(200);
    const owner = await signIn(ctx, world.people.owner, world.org.host);
    const directory = await send(ctx, owner, 'GET', `/api/organizations/${world.org.id}/directory`);
    expect(directory.statusCode).toBe(200);
    expect(directory.body).toContain(world.people.owner.username);
    // The control: the marker is there to be found, by the organization it belongs to.
    const foreign = await send(
      ctx,
      world.callers.other_org,
      'GET',
      `/api/organizations/${world.other.id}/directory`,
    );
    expect(foreign.body).toContain(MARKER);
    const system = await signIn(ctx, world.people.system, 'localhost');
    expect((await send(ctx, system, 'GET', '/api/system/stats')).statusCode).toBe(200);
  });
});
