// What the load run's virtual members do: each connection loops over actions picked by weight,
// as one member of its organization (a random session of that organization per action), and
// every request's time and status is recorded under its route. Reads send what a browser sends
// (Accept-Encoding) and read the whole answer; writes are the app's own forms' requests.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { WORDS } from '../features/library';
import { BENCH_PASSWORD } from '../seed';
import { type LoadOrganization, memberUsername, type Session } from './seed';

export interface Target {
  org: LoadOrganization;
  host: string;
  /** Per organization: every create takes the next free time. */
  created: number;
}

interface Answer {
  status: number;
  body: string;
}

/** Per route: latencies in ms, and how the answers went. */
export interface RouteStats {
  latencies: number[];
  ok: number;
  conflicts: number;
  errors: number;
  /** A few error (and conflict) answers, to say what went wrong. */
  samples: string[];
}

export type Recorder = Map<string, RouteStats>;

const WRITE_ROUTES = new Set(['event create', 'event edit', 'wiki edit']);
const WIKI_EDITORS = new Set(['owner', 'admin', 'board', 'volunteer_coordinator', 'team_lead']);
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export class Client {
  private agent: http.Agent;
  constructor(
    private readonly port: number,
    connections: number,
    readonly recorder: Recorder,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  close() {
    this.agent.destroy();
  }

  /** Sends one request and records it under `group · route`; the answer's text only when `parse`. */
  send(
    group: string,
    route: string,
    target: Target,
    session: Session | null,
    method: string,
    path: string,
    body?: unknown,
    parse = false,
  ): Promise<Answer> {
    const headers: Record<string, string> = { host: target.host, accept: 'application/json' };
    if (session) headers.cookie = session.cookie;
    if (!parse) headers['accept-encoding'] = BROWSER_ENCODINGS;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = `http://${target.host}`;
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const finish = (status: number, text: string) => {
        this.record(
          `${group}|${route}`,
          performance.now() - started,
          status,
          `${method} ${path} → ${status} ${text}`,
        );
        resolve({ status, body: text });
      };
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const text = parse || status >= 400 ? Buffer.concat(chunks).toString('utf8') : '';
            finish(status, text);
          });
          res.on('error', (err) => finish(0, String(err)));
        },
      );
      req.on('error', (err) => finish(0, String(err)));
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  private record(key: string, ms: number, status: number, sample: string) {
    let stats = this.recorder.get(key);
    if (!stats) {
      stats = { latencies: [], ok: 0, conflicts: 0, errors: 0, samples: [] };
      this.recorder.set(key, stats);
    }
    stats.latencies.push(ms);
    const route = key.slice(key.indexOf('|') + 1);
    if (status >= 200 && status < 400) stats.ok++;
    else if (status === 409 && WRITE_ROUTES.has(route)) {
      stats.conflicts++;
      if (stats.samples.length < 3) stats.samples.push(`(expected) ${sample.slice(0, 300)}`);
    } else {
      stats.errors++;
      if (stats.samples.length < 3) stats.samples.push(sample.slice(0, 300));
    }
  }
}

// ---- the actions ---------------------------------------------------------------------------------

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Today and a month on, as the dashboard asks (close enough to the organization's own day). */
function nextMonth() {
  const today = new Date();
  const later = new Date(today);
  later.setUTCMonth(later.getUTCMonth() + 1);
  return { from: isoDay(today), to: isoDay(later) };
}

/** A month within half a year of today: where people look. */
function monthNearToday() {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + Math.floor(Math.random() * 13) - 6);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return { from: isoDay(d), to: isoDay(last) };
}

/** Creates go to 2030–2031, after the seeded years: free times scattered (a permutation). */
const CREATE_SLOTS = 730 * 13 * 3;
const SCATTER = 7919;
const CREATE_SPACES = ['Main Stage', 'Office', 'Annex'];

function createBody(target: Target, session: Session) {
  const n = target.created++;
  const s = (n * SCATTER) % CREATE_SLOTS;
  const day = Math.floor(s / 39);
  const hour = 8 + Math.floor((s % 39) / 3);
  const date = isoDay(new Date(Date.UTC(2030, 0, 1) + day * 86_400_000));
  return {
    name: `Rehearsal ${n}`,
    description: 'Booked during npm run bench:load.',
    spaces: [CREATE_SPACES[s % 3]],
    startDateTime: `${date}T${pad2(hour)}:00`,
    endDateTime: `${date}T${pad2(hour)}:45`,
    eventType: 'rehearsal',
    isRecurring: false,
    reservedBy: session.userId,
    teamIds: [],
  };
}

type Action = (client: Client, group: string, target: Target, session: Session) => Promise<unknown>;

const api = (target: Target) => `/api/organizations/${target.org.organizationId}`;
const wikiSlug = (target: Target) =>
  `bench-page-${1 + Math.floor(Math.random() * target.org.sizes.wikiPages)}`;

const dashboard: Action = async (client, group, target, session) => {
  // The page's calls, one after another on this connection (a browser sends them side by side).
  const { from, to } = nextMonth();
  await client.send(group, 'dashboard: me', target, session, 'GET', '/api/me');
  await client.send(
    group,
    'dashboard: next month',
    target,
    session,
    'GET',
    `${api(target)}/calendar/events?from=${from}&to=${to}`,
  );
  await client.send(
    group,
    'dashboard: announcements',
    target,
    session,
    'GET',
    `${api(target)}/announcements`,
  );
  await client.send(group, 'dashboard: stats', target, session, 'GET', `${api(target)}/stats`);
  await client.send(
    group,
    'dashboard: library',
    target,
    session,
    'GET',
    `${api(target)}/wiki/pages?recent=5`,
  );
};

const calendarMonth: Action = (client, group, target, session) => {
  const { from, to } = monthNearToday();
  return client.send(
    group,
    'calendar month',
    target,
    session,
    'GET',
    `${api(target)}/calendar/events?from=${from}&to=${to}`,
  );
};

// What the directory screen asks when it opens: the first page of 50 and the total.
const directory: Action = (client, group, target, session) =>
  client.send(group, 'directory', target, session, 'GET', `${api(target)}/directory?limit=50`);

const wikiRead: Action = (client, group, target, session) =>
  client.send(group, 'wiki read', target, session, 'GET', `${api(target)}/wiki/${wikiSlug(target)}`);

const wikiSearch: Action = (client, group, target, session) =>
  client.send(
    group,
    'wiki search',
    target,
    session,
    'GET',
    `${api(target)}/wiki/search?q=${pick(WORDS)}&limit=50`,
  );

const signIn: Action = (client, group, target) => {
  const n = 1 + Math.floor(Math.random() * (target.org.sizes.members - 1));
  return client.send(group, 'sign-in', target, null, 'POST', '/api/login', {
    username: memberUsername(target.org.shortname, n),
    password: BENCH_PASSWORD,
    organizationShortname: target.org.shortname,
  });
};

const eventCreate: Action = (client, group, target, session) =>
  client.send(
    group,
    'event create',
    target,
    session,
    'POST',
    `${api(target)}/calendar/events`,
    createBody(target, session),
  );

const eventEdit: Action = async (client, group, target, session) => {
  const own = target.org.eventsBy.get(session.userId);
  if (!own?.length) return eventCreate(client, group, target, session);
  // One edit in five renames a whole series (only one-offs and single dates otherwise).
  const strategy = Math.random() < 0.2 ? 'series' : 'this';
  return client.send(
    group,
    'event edit',
    target,
    session,
    'PATCH',
    `${api(target)}/calendar/events/${pick(own)}?strategy=${strategy}`,
    {
      name: `Renamed during the load run ${Math.floor(Math.random() * 1e6)}`,
      description: 'Edited by npm run bench:load.',
    },
  );
};

const wikiEdit: Action = async (client, group, target, session) => {
  if (!WIKI_EDITORS.has(session.role)) return wikiRead(client, group, target, session);
  // As the editor does: open the page, then save from the version it showed.
  const read = await client.send(
    group,
    'wiki read',
    target,
    session,
    'GET',
    `${api(target)}/wiki/${wikiSlug(target)}`,
    undefined,
    true,
  );
  if (read.status !== 200) return;
  const page = JSON.parse(read.body) as { id: number; content: string; currentVersion: number };
  return client.send(group, 'wiki edit', target, session, 'PATCH', `${api(target)}/wiki/${page.id}`, {
    content: `${page.content.slice(0, 4000)}\n\nEdited during the load run (${Math.floor(Math.random() * 1e6)}).`,
    changeNote: 'Load run edit',
    currentVersion: page.currentVersion,
  });
};

/** The large organizations' mix (weights in % of actions). */
export const LARGE_MIX: [Action, number][] = [
  [signIn, 3],
  [dashboard, 17],
  [calendarMonth, 20],
  [directory, 10],
  [wikiRead, 15],
  [wikiSearch, 5],
  [eventCreate, 10],
  [eventEdit, 10],
  [wikiEdit, 10],
];

/** The small organization's connections read what the large ones read. */
export const SMALL_MIX: [Action, number][] = [
  [dashboard, 25],
  [calendarMonth, 30],
  [directory, 20],
  [wikiRead, 25],
];

function chooser(mix: [Action, number][]) {
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [action, weight] of mix) {
      r -= weight;
      if (r < 0) return action;
    }
    return mix[mix.length - 1][0];
  };
}

/** One connection's loop until `until` (performance.now() time). */
export async function runConnection(
  client: Client,
  group: string,
  targets: Target[],
  mix: [Action, number][],
  until: number,
) {
  const next = chooser(mix);
  let turn = Math.floor(Math.random() * targets.length);
  while (performance.now() < until) {
    const target = targets[turn++ % targets.length];
    await next()(client, group, target, pick(target.org.sessions));
  }
}
