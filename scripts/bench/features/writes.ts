// Write lines: what 32 people saving at once feel. Each line runs twice: all 32
// connections in one organization (`benchw`, where a lock per organization would queue them) and
// spread over 20 organizations (`benchw1`…`benchw20`). Every request writes something new (free
// times scattered over the year from a counter, so a 409 means the app refused a booking it should
// have taken); answers are counted as expected, 409 (conflict), other 4xx, 5xx and socket errors.
//
// Setup seeds the organizations and their teams with SQL before the server starts; after it
// starts, each organization's owner signs in and the series the edit and follow lines touch are
// created through the API (so they are the rows the app itself writes).
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchContext, BenchOrganization } from '../registry';
import { type CostProbe, openCostProbe } from '../write-cost';

const SPREAD = 20;
const SERIES_ONE_ORG = 240;
const SERIES_PER_SPREAD_ORG = 16;
// Enough (team, member) pairs that every 'team member add' of a line, its warm-up included, adds
// someone new (about 40 members a team: 31,000 pairs in one organization, 2,300 in each of 20).
const TEAMS_ONE_ORG = 800;
const TEAMS_PER_SPREAD_ORG = 60;
const P99_TARGET_MS = 100;
const SPACES = ['Main Stage', 'Office', 'Annex'];
const SLOT_HOURS = 13; // 08:00 to 20:00, clear of any daylight-saving gap
/**
 * Free times at random: the n-th request takes slot (n × a prime) mod the number of slots, a
 * permutation, so no two requests of a line ask for the same space and hour, yet neighbours in
 * time are scattered over the years as people's bookings are. Past the last slot the permutation
 * would start again and every booking clash (a 409 counted as the app's refusal), so the bench
 * stops there instead.
 */
const SCATTER = 7919;
function scatter(n: number, slots: number) {
  if (n >= slots)
    throw new Error(`a write line used all its ${slots} free times: raise ONE_OFF_DAYS or SERIES_BLOCKS`);
  return (n * SCATTER) % slots;
}
// Free times for a line's warm-up and run in one organization: about 57,000 one-off hours (6,300
// requests a second over 9 s) and 43,000 weekly series (4,800 a second). A year of hours (14,000)
// ran out at 1,700 creates a second.
const ONE_OFF_DAYS = 4 * 365;
const SERIES_BLOCKS = 160;
// One-off bookings from 2032 (four years), new weekly series from 2037 and the series the edit
// lines touch from 2070 (each SERIES_BLOCKS × 8 weeks, 24.5 years): none can clash with another line's.
const ONE_OFF_FROM = '2032-01-01';
const WEEKLY_FROM = '2037-01-01';
const SEEDED_FROM = '2070-01-01';
/** Library pages per organization: more than the connections, so no two edits race for one page. */
const PAGES_ONE_ORG = 48;
const PAGES_PER_SPREAD_ORG = 8;
/** Volunteer shifts per organization, a day apart from 2090 (clear of every other line's dates). */
const SHIFTS_ONE_ORG = 240;
const SHIFTS_PER_SPREAD_ORG = 16;
const SHIFTS_FROM = '2090-01-01';
/** Members signed in to sign up, per organization: more than the connections in the one. */
const VOLUNTEERS_ONE_ORG = 39;
const VOLUNTEERS_PER_SPREAD_ORG = 4;

interface WriteOrg extends BenchOrganization {
  host: string;
  cookie: string;
  teamIds: number[];
  /** Volunteer shifts (many places each) that members sign up for and cancel in turn. */
  shiftIds: number[];
  /** Members' sessions for the sign-up line (signed in only when it runs). */
  volunteerCookies: string[];
  /** One occurrence (the fourth of eight) of each seeded weekly series. */
  occurrences: number[];
  pageIds: number[];
  /** Per-line counters, so every request of a line writes something new in its organization. */
  counters: Map<string, number>;
  /** Library pages not being edited right now, with the version an edit must start from. */
  idlePages: { id: number; version: number }[];
}

interface Built {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Another member's session than the owner's. */
  cookie?: string;
}

interface WriteLine {
  name: string;
  /** The status (or statuses) a request of the line answers when all is well. */
  expected: number | readonly number[];
  build(org: WriteOrg, n: number): Built;
  /** Sees each answer (the wiki line learns the page's new version from it). */
  answered?(orgs: WriteOrg[], status: number, body: string): void;
  /** Runs before each run (the wiki line reads every page's version again). */
  before?(port: number, orgs: WriteOrg[]): Promise<void>;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** Wall time `days` after `base` (YYYY-MM-DD) at `hour`:00, e.g. 2032-01-05T09:00. */
function wall(base: string, days: number, hour: number) {
  const d = new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${pad2(hour)}:00`;
}

const eventBody = (org: WriteOrg, name: string, space: string, start: string, end: string) => ({
  name,
  description: 'Written by the write bench.',
  spaces: [space],
  startDateTime: start,
  endDateTime: end,
  eventType: 'rehearsal',
  isRecurring: false,
  reservedBy: org.ownerId,
  teamIds: [],
});

/** The n-th weekly series of 8 from `base`: its own space, weekday and hour in one 8-week block. */
function weeklyBody(org: WriteOrg, name: string, base: string, n: number) {
  const perWeek = 7 * SLOT_HOURS * SPACES.length;
  const m = scatter(n, perWeek * SERIES_BLOCKS);
  const k = m % perWeek;
  const block = Math.floor(m / perWeek);
  const day = block * 56 + Math.floor(k / (SLOT_HOURS * SPACES.length));
  const hour = 8 + (Math.floor(k / SPACES.length) % SLOT_HOURS);
  const start = wall(base, day, hour);
  const weekday = new Date(`${start.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return {
    ...eventBody(org, name, SPACES[k % SPACES.length], start, wall(base, day, hour + 1)),
    isRecurring: true,
    recurringPattern: 'weekly',
    recurringInterval: 1,
    recurringWeeklyDays: [String(weekday)],
    recurringEndType: 'count',
    recurringEndCount: 8,
  };
}

const eventsPath = (org: WriteOrg) => `/api/organizations/${org.organizationId}/calendar/events`;
const occurrence = (org: WriteOrg, n: number) => org.occurrences[n % org.occurrences.length];
const rename = (org: WriteOrg, n: number, strategy: string): Built => ({
  method: 'PATCH',
  path: `${eventsPath(org)}/${occurrence(org, n)}?strategy=${strategy}`,
  body: { name: `Rehearsal (${strategy} edit ${n})` },
});

export const WRITE_LINES: WriteLine[] = [
  {
    name: 'event create (one-off)',
    expected: 201,
    build: (org, n) => {
      const s = scatter(n, ONE_OFF_DAYS * SLOT_HOURS * SPACES.length);
      const slot = Math.floor(s / SPACES.length);
      const day = Math.floor(slot / SLOT_HOURS);
      const hour = 8 + (slot % SLOT_HOURS);
      return {
        method: 'POST',
        path: eventsPath(org),
        body: eventBody(
          org,
          `Rehearsal ${n}`,
          SPACES[s % SPACES.length],
          wall(ONE_OFF_FROM, day, hour),
          wall(ONE_OFF_FROM, day, hour + 1),
        ),
      };
    },
  },
  {
    name: 'event create (weekly, 8 dates)',
    expected: 201,
    build: (org, n) => ({
      method: 'POST',
      path: eventsPath(org),
      body: weeklyBody(org, `Weekly rehearsal ${n}`, WEEKLY_FROM, n),
    }),
  },
  { name: 'event edit (this date)', expected: 200, build: (org, n) => rename(org, n, 'this') },
  { name: 'event edit (this and following)', expected: 200, build: (org, n) => rename(org, n, 'future') },
  { name: 'event edit (all dates)', expected: 200, build: (org, n) => rename(org, n, 'series') },
  {
    name: 'follow / unfollow',
    expected: 200,
    build: (org, n) => ({
      method: Math.floor(n / org.occurrences.length) % 2 === 0 ? 'POST' : 'DELETE',
      path: `${eventsPath(org)}/${occurrence(org, n)}/follow?strategy=this`,
    }),
  },
  {
    // Members sign up and cancel in turn, each for a shift of their own at a time (their own
    // sign-ups go one at a time, so one person's 32 at once would only measure that queue).
    name: 'volunteer sign-up / cancel',
    expected: [201, 204],
    build: (org, n) => {
      const volunteers = org.volunteerCookies.length;
      const member = n % volunteers;
      const round = Math.floor(n / volunteers);
      const shift = org.shiftIds[(member + Math.floor(round / 2)) % org.shiftIds.length];
      return {
        method: round % 2 === 0 ? 'POST' : 'DELETE',
        path: `/api/organizations/${org.organizationId}/shifts/${shift}/signup`,
        cookie: org.volunteerCookies[member],
      };
    },
  },
  {
    name: 'team member add',
    expected: 201,
    build: (org, n) => {
      const others = org.memberIds.length - 1;
      return {
        method: 'POST',
        path: `/api/teams/${org.teamIds[Math.floor(n / others) % org.teamIds.length]}/members`,
        body: { userId: org.memberIds[1 + (n % others)], role: 'member' },
      };
    },
  },
  {
    name: 'team edit',
    expected: 200,
    build: (org, n) => ({
      method: 'PATCH',
      path: `/api/teams/${org.teamIds[n % org.teamIds.length]}`,
      body: { description: `Crew notes, revision ${n}.` },
    }),
  },
  {
    // Each edit starts from the version the last answer for that page gave, as the editor does;
    // a page is edited by one connection at a time, so a 409 means an edit was refused wrongly.
    name: 'wiki edit',
    expected: 200,
    build: (org, n) => {
      const page = org.idlePages.shift() ?? { id: org.pageIds[n % org.pageIds.length], version: 1 };
      return {
        method: 'PATCH',
        path: `/api/organizations/${org.organizationId}/wiki/${page.id}`,
        body: {
          content: `# Rehearsal notes\n\nRevision ${n}: blocking for act two, scene ${n % 7}.`,
          changeNote: `Revision ${n}`,
          currentVersion: page.version,
        },
      };
    },
    answered: (orgs, status, body) => {
      if (status !== 200 && status !== 409) return;
      const parsed = JSON.parse(body) as { data?: WikiAnswer } & WikiAnswer;
      const page = status === 409 ? parsed.data : parsed;
      const org = orgs.find((o) => o.organizationId === page?.organizationId);
      if (page && org) org.idlePages.push({ id: page.id, version: page.currentVersion });
    },
    // A run stops with edits in flight whose answers never come back: start from the pages' versions.
    before: async (port, orgs) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const org of orgs) {
        const listed = await send(
          port,
          org.host,
          'GET',
          `/api/organizations/${org.organizationId}/wiki/pages`,
          org.cookie,
        );
        const pages = JSON.parse(listed.body) as { id: number; currentVersion: number }[];
        org.idlePages = pages.map((p) => ({ id: p.id, version: p.currentVersion }));
      }
    },
  },
];

interface WikiAnswer {
  id: number;
  organizationId: number;
  currentVersion: number;
}

// ---- setup -------------------------------------------------------------------------------------

type SeededOrganization = BenchOrganization & { teamIds: number[]; shiftIds: number[] };

interface Seeded {
  one: SeededOrganization;
  spread: SeededOrganization[];
}

async function seedTeams(ctx: BenchContext, org: BenchOrganization, count: number) {
  const rows = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle)
     select $1::int, 'Write bench crew ' || t, 'benchw-' || $1::int || '-' || t from generate_series(1, $2::int) as t
     returning id`,
    [org.organizationId, count],
  );
  return { ...org, teamIds: rows.map((r) => r.id) };
}

/** One show a day from SHIFTS_FROM, each with one usher shift of 100 places. */
async function seedShifts(ctx: BenchContext, organizationId: number, ownerId: number, count: number) {
  const [position] = await ctx.database.query<{ id: number }>(
    `insert into volunteer_positions (organization_id, name, sort_order) values ($1, 'Usher', 1) returning id`,
    [organizationId],
  );
  const rows = await ctx.database.query<{ id: number }>(
    `with shows as (
       insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, event_type, reserved_by)
       select $1, 'Bench show ' || d, '{Main Stage}', s, s + interval '2 hours', 'show', $2
       from generate_series(0, $3::int - 1) as d, lateral (select $4::date + d + time '19:00' as s) as t
       returning id, start_date_time, end_date_time)
     insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time)
     select $1, id, $5, 100, start_date_time, end_date_time from shows returning id`,
    [organizationId, ownerId, count, SHIFTS_FROM, position.id],
  );
  return rows.map((r) => r.id);
}

async function seedWriteOrganization(ctx: BenchContext, shortname: string, teams: number, shifts: number) {
  const org = await seedTeams(ctx, await ctx.addOrganization(shortname), teams);
  return { ...org, shiftIds: await seedShifts(ctx, org.organizationId, org.ownerId, shifts) };
}

/** Seeds the write organizations (before the server starts). */
export async function setupWrites(ctx: BenchContext): Promise<Seeded> {
  const one = await seedWriteOrganization(ctx, 'benchw', TEAMS_ONE_ORG, SHIFTS_ONE_ORG);
  const spread = [];
  for (let i = 1; i <= SPREAD; i++)
    spread.push(await seedWriteOrganization(ctx, `benchw${i}`, TEAMS_PER_SPREAD_ORG, SHIFTS_PER_SPREAD_ORG));
  return { one, spread };
}

// ---- HTTP --------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(port: number, host: string, method: string, path: string, cookie?: string, body?: unknown) {
  return new Promise<Reply>((resolve, reject) => {
    const headers: Record<string, string> = { host, origin: `http://${host}`, accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function signIn(port: number, host: string, shortname: string, password: string, username: string) {
  const login = await send(port, host, 'POST', '/api/login', undefined, {
    username,
    password,
    organizationShortname: shortname,
  });
  const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie)
    throw new Error(`sign-in to ${shortname}: ${login.status} ${login.body}`);
  return cookie;
}

/** Creates one thing through the API as the organization's owner; its answer. */
async function created<T>(
  port: number,
  org: WriteOrg,
  path: string,
  body: unknown,
  what: string,
): Promise<T> {
  const reply = await send(port, org.host, 'POST', path, org.cookie, body);
  if (reply.status !== 201) throw new Error(`seeding ${what}: ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body) as T;
}

/** Weekly series created through the API; keeps the fourth occurrence of each. */
async function seedSeries(port: number, org: WriteOrg, count: number) {
  for (let n = 0; n < count; n++) {
    const body = weeklyBody(org, `Seeded series ${n}`, SEEDED_FROM, n);
    const { event } = await created<{ event: { id: number } }>(port, org, eventsPath(org), body, 'a series');
    // Series rows get consecutive ids in date order: the fourth date is the first id + 3.
    org.occurrences.push(event.id + 3);
  }
}

/** Library pages created through the API, each at version 1. */
async function seedPages(port: number, org: WriteOrg, count: number) {
  for (let n = 0; n < count; n++) {
    const body = {
      title: `Rehearsal notes ${n}`,
      content: '# Rehearsal notes\n\nNothing yet.',
      tags: ['bench'],
      changeNote: 'First version',
    };
    const { id } = await created<{ id: number }>(
      port,
      org,
      `/api/organizations/${org.organizationId}/wiki`,
      body,
      'a page',
    );
    org.pageIds.push(id);
    org.idlePages.push({ id, version: 1 });
  }
}

// ---- measuring ---------------------------------------------------------------------------------

interface Outcome {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  ok: number;
  conflicts: number;
  clientErrors: number;
  serverErrors: number;
  socketErrors: number;
}

async function runLine(
  port: number,
  line: WriteLine,
  orgs: WriteOrg[],
  seconds: number,
  connections: number,
): Promise<Outcome> {
  await line.before?.(port, orgs);
  let turn = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const org = orgs[turn++ % orgs.length];
          const n = org.counters.get(line.name) ?? 0;
          org.counters.set(line.name, n + 1);
          const built = line.build(org, n);
          const headers: Record<string, string> = {
            host: org.host,
            origin: `http://${org.host}`,
            cookie: built.cookie ?? org.cookie,
            accept: 'application/json',
          };
          if (built.body !== undefined) headers['content-type'] = 'application/json';
          return {
            ...req,
            method: built.method,
            path: built.path,
            headers,
            body: built.body === undefined ? undefined : JSON.stringify(built.body),
          };
        },
        onResponse: (status: number, body: unknown) => line.answered?.(orgs, status, String(body)),
      },
    ],
  });
  const count = (pick: (status: number) => boolean) =>
    Object.entries(result.statusCodeStats)
      .filter(([s]) => pick(Number(s)))
      .reduce((sum, [, v]) => sum + v.count, 0);
  const total = result.latency.totalCount;
  return {
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    ok: count((s) => [line.expected].flat().includes(s)),
    conflicts: count((s) => s === 409),
    clientErrors: count((s) => s >= 400 && s < 500 && s !== 409),
    serverErrors: count((s) => s >= 500),
    socketErrors: result.errors + result.timeouts,
  };
}

const pct = (part: number, total: number) => (total ? `${((100 * part) / total).toFixed(1)}%` : '-');
const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)}ms`;

export interface WriteRunOptions {
  port: number;
  orgHost(shortname: string): string;
  password: string;
  owner(shortname: string): string;
  /** The i-th member's username (1 and up) in an organization the bench seeded. */
  member(shortname: string, i: number): string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  filters: string[];
  /** The bench's database (none: embedded), for the per-request cost figures. */
  databaseUrl: string | undefined;
  serverPid: number;
}

export function selectedWriteLines(filters: string[]) {
  return WRITE_LINES.filter(
    (l) =>
      filters.length === 0 ||
      filters.some((f) => f === 'writes' || `write ${l.name}`.toLowerCase().includes(f)),
  );
}

/** Signs in, seeds the series, then measures each selected line in one and in 20 organizations. */
export async function runWrites(seeded: Seeded, opts: WriteRunOptions) {
  const lines = selectedWriteLines(opts.filters);
  if (lines.length === 0) return;
  const signsUp = lines.some((l) => l.name.startsWith('volunteer sign-up'));
  const prepare = async (o: Seeded['one'], series: number, pages: number, volunteers: number) => {
    const host = opts.orgHost(o.shortname);
    const signInAs = (username: string) => signIn(opts.port, host, o.shortname, opts.password, username);
    const org: WriteOrg = {
      ...o,
      host,
      cookie: await signInAs(opts.owner(o.shortname)),
      volunteerCookies: [],
      occurrences: [],
      counters: new Map(),
      pageIds: [],
      idlePages: [],
    };
    for (let i = 1; signsUp && i <= volunteers; i++)
      org.volunteerCookies.push(await signInAs(opts.member(o.shortname, i)));
    await seedSeries(opts.port, org, series);
    await seedPages(opts.port, org, pages);
    return org;
  };
  const one = await prepare(seeded.one, SERIES_ONE_ORG, PAGES_ONE_ORG, VOLUNTEERS_ONE_ORG);
  // One after another: each series' rows then get consecutive ids (see seedSeries).
  const spread: WriteOrg[] = [];
  for (const o of seeded.spread)
    spread.push(await prepare(o, SERIES_PER_SPREAD_ORG, PAGES_PER_SPREAD_ORG, VOLUNTEERS_PER_SPREAD_ORG));
  if (opts.databaseUrl) await analyze(opts.databaseUrl);
  const probe = await openCostProbe(opts.databaseUrl, opts.serverPid);
  try {
    await measureLines(lines, one, spread, probe, opts);
  } finally {
    await probe.close();
  }
}

/**
 * What autovacuum does after a bulk load, so the planner sees the seeded rows: without it, the
 * first lines ran on plans made for near-empty tables (a conflict check took 4 ms instead of 0.4).
 */
async function analyze(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'analyze calendar_events, calendar_event_series, calendar_event_teams, calendar_event_followers, teams, team_members, wiki_pages, volunteer_shifts, volunteer_signups',
    );
  } finally {
    await client.end();
  }
}

const perRequest = (v: number | null, digits = 1) => (v === null ? '-' : v.toFixed(digits));

async function measureLines(
  lines: WriteLine[],
  one: WriteOrg,
  spread: WriteOrg[],
  probe: CostProbe,
  opts: WriteRunOptions,
) {
  console.log(
    `\nWrites: ${opts.connections} connections, ${opts.seconds}s per run after ${opts.warmupSeconds}s warm-up; ` +
      `conflicts (409) apart from errors; load average before each run in the last column.\n` +
      `Per request, from pg_stat_statements: stmt = statements, trips = round trips a request waits on, pg ms = ` +
      `PostgreSQL's execution time; writes = the app's write system calls (its answer, its log line and each ` +
      `batch of messages to PostgreSQL: statements sent together are one); cpu node/pg = CPU ms of the app and of its database backends ('-': not ` +
      `measurable here). With many connections, requests still running as a run ends blur these; 1 connection is exact.`,
  );
  const header = `${'write'.padEnd(34)} ${'orgs'.padStart(4)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'409'.padStart(6)} ${'4xx'.padStart(6)} ${'5xx'.padStart(6)} ${'sock'.padStart(5)} ${'stmt'.padStart(5)} ${'trips'.padStart(5)} ${'pg ms'.padStart(6)} ${'writes'.padStart(6)} ${'cpu node/pg'.padStart(11)}  goal          load`;
  console.log(header);
  console.log('-'.repeat(header.length + 4));
  for (const line of lines) {
    for (const orgs of [[one], spread]) {
      if (opts.warmupSeconds > 0) await runLine(opts.port, line, orgs, opts.warmupSeconds, opts.connections);
      const load = os.loadavg()[0];
      const before = await probe.snapshot();
      const r = await runLine(opts.port, line, orgs, opts.seconds, opts.connections);
      const c = probe.cost(before, await probe.snapshot(), r.total);
      const goal = `p99<${P99_TARGET_MS}ms ${r.total > 0 && r.p99 < P99_TARGET_MS && r.serverErrors === 0 ? 'ok  ' : 'MISS'}`;
      const cpu = `${perRequest(c.nodeCpuMs)}/${perRequest(c.pgCpuMs)}`;
      console.log(
        `${line.name.padEnd(34)} ${String(orgs.length).padStart(4)} ${String(Math.round(r.rps)).padStart(7)} ${ms(r.p50).padStart(7)} ${ms(r.p99).padStart(7)} ${pct(r.conflicts, r.total).padStart(6)} ${pct(r.clientErrors, r.total).padStart(6)} ${pct(r.serverErrors, r.total).padStart(6)} ${String(r.socketErrors).padStart(5)} ${perRequest(c.statements).padStart(5)} ${perRequest(c.roundTrips).padStart(5)} ${perRequest(c.pgExecMs).padStart(6)} ${perRequest(c.nodeWrites).padStart(6)} ${cpu.padStart(11)}  ${goal}  ${load.toFixed(1)}`,
      );
    }
  }
}
