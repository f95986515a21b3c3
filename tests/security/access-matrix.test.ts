// The access matrix: every route the app registers is called as every actor with real ids and a
// valid body, and the status must be the one access-matrix.ts states; a refused call must change
// nothing. A route without an entry fails here by name, so no route can skip its rights.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type ActorName,
  buildAccessWorld,
  type Caller,
  freshCaller,
  send,
  type World,
} from '../support/access-world';
import { getTestApp, type TestContext } from '../support/app';
import { type Call, defaultParams, MATRIX, type MatrixEntry, RUN_MARK } from './access-matrix';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await getTestApp();
  world = await buildAccessWorld(ctx);
}, 120_000);

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

function urlOf(entry: MatrixEntry, call: Call, w: World): string {
  const params = { ...defaultParams(w), ...call.params };
  const pattern = entry.route.slice(entry.route.indexOf(' ') + 1);
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${entry.route}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  return call.query ? `${path}?${call.query}` : path;
}

/**
 * A fingerprint of every row the world's two organizations and their people own: rows of tables
 * with an organization_id, a team_id or a user_id, and the organizations and users themselves.
 * Bookkeeping that a read may touch (sessions, rate limits) is left out.
 */
const VOLATILE = new Set(['sessions', 'rate_limits', 'used_challenges', 'change_log', 'app_secrets']);
let snapshotSql: string | undefined;
async function snapshot(w: World): Promise<Record<string, string>> {
  if (!snapshotSql) {
    const columns = await ctx.database.query<{ table: string; column: string }>(
      `select c.table_name as "table", c.column_name as "column" from information_schema.columns c
         join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and c.column_name in ('organization_id', 'team_id', 'user_id', 'id')`,
    );
    const byTable = new Map<string, Set<string>>();
    for (const { table, column } of columns)
      byTable.set(table, (byTable.get(table) ?? new Set()).add(column));
    const parts: string[] = [];
    for (const [table, cols] of [...byTable].sort()) {
      if (VOLATILE.has(table) || table.startsWith('__')) continue;
      const where =
        table === 'organizations'
          ? 'id = any($1)'
          : table === 'users'
            ? 'id = any($2)'
            : cols.has('organization_id')
              ? 'organization_id = any($1)'
              : cols.has('team_id')
                ? 'team_id in (select id from teams where organization_id = any($1))'
                : cols.has('user_id')
                  ? 'user_id = any($2)'
                  : undefined;
      if (!where) continue;
      parts.push(
        `select '${table}' as "table", md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${table}" x where ${where}`,
      );
    }
    // Organizations and people made up by a call, wherever they landed.
    parts.push(
      `select 'made-up names', (select count(*) from organizations where shortname like $3)::text
         || '/' || (select count(*) from users where username like $3)::text`,
    );
    snapshotSql = parts.join(' union all ');
  }
  const orgIds = [w.org.id, w.other.id];
  const users = await ctx.database.query<{ id: number }>(
    `select user_id as id from user_organizations where organization_id = any($1)
     union select id from users where id = $2`,
    [orgIds, w.people.system.id],
  );
  const rows = await ctx.database.query<{ table: string; sum: string }>(snapshotSql, [
    orgIds,
    users.map((u) => u.id),
    `%${RUN_MARK}%`,
  ]);
  return Object.fromEntries(rows.map((r) => [r.table, r.sum]));
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((t) => before[t] !== after[t]);
}

describe('access matrix', () => {
  it('every registered route has an entry, and every entry a registered route', () => {
    const registered = new Set(ctx.app.routeTable.map(key));
    const stated = new Set(MATRIX.map((e) => e.route));
    expect(
      [...registered].filter((r) => !stated.has(r)),
      'routes with no matrix entry',
    ).toEqual([]);
    expect(
      [...stated].filter((r) => !registered.has(r)),
      'matrix entries for no route',
    ).toEqual([]);
    expect(MATRIX.length, 'one entry per route').toBe(stated.size);
  });

  it('the fingerprint sees a change to the world (so "nothing changed" means something)', async () => {
    const before = await snapshot(world);
    const [link] = await ctx.database.query<{ id: number }>(
      `insert into team_links (organization_id, team_id, url) values ($1, $2, 'https://example.test/seen')
       returning id`,
      [world.org.id, world.team.id],
    );
    const after = await snapshot(world);
    await ctx.database.query('delete from team_links where id = $1', [link.id]);
    expect(changedTables(before, after)).toEqual(['team_links']);
    expect(changedTables(before, await snapshot(world))).toEqual([]);
  });

  it('every actor gets the stated status from every route, and refused calls change nothing', async () => {
    const registered = new Set(ctx.app.routeTable.map(key));
    const wrong: string[] = [];
    let calls = 0;
    // MATRIX_ONLY=/shifts narrows a rerun to routes whose pattern contains that (as FUZZ_ONLY does).
    const only = process.env.MATRIX_ONLY ?? '';
    for (const entry of MATRIX.filter((e) => registered.has(e.route) && e.route.includes(only))) {
      const method = entry.route.slice(0, entry.route.indexOf(' '));
      const prepared: { actor: ActorName; caller: Caller; call: Call }[] = [];
      for (const actor of ACTORS) {
        const caller = entry.freshCaller ? await freshCaller(world, actor) : world.callers[actor];
        const call =
          (await entry.call?.({ ...world, callers: { ...world.callers, [actor]: caller } }, actor)) ?? {};
        prepared.push({ actor, caller, call });
      }
      const run = async ({ actor, caller, call }: (typeof prepared)[number]) => {
        const res = await send(ctx, caller, method, urlOf(entry, call, world), call.body, call.headers);
        calls += 1;
        if (res.statusCode !== entry.expect[actor]) {
          wrong.push(
            `${entry.route} as ${actor}: expected ${entry.expect[actor]}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      };
      const refused = prepared.filter((p) => entry.expect[p.actor] >= 400);
      const before = await snapshot(world);
      // Refused calls change nothing, so they may run side by side; allowed ones go one at a time.
      await Promise.all(refused.map(run));
      const changed = changedTables(before, await snapshot(world));
      if (changed.length > 0) wrong.push(`${entry.route}: a refused call changed ${changed.join(', ')}`);
      for (const p of prepared.filter((p) => entry.expect[p.actor] < 400)) await run(p);
    }
    console.log(
      `access matrix: ${registered.size} routes × ${ACTORS.length} actors = ${calls} calls checked`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});
