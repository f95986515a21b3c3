// What one write costs, apart from how busy the machine is: statements per request (each one a
// round trip to PostgreSQL; statements run by triggers and foreign-key checks are not counted) and
// the time PostgreSQL spent executing them (pg_stat_statements, when the server preloads it, e.g. a
// private cluster), and CPU milliseconds per request of the app
// process and of the database backends serving it (read from /proc, when PostgreSQL runs on this
// machine). A figure that cannot be measured is null and printed as '-'.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;
// The probe's own queries carry this mark, so pg_stat_statements' sums leave them out.
const MARK = '/* write-cost probe */';
// Statements that are no round trip of a request: a transaction's settings go in one string with
// its BEGIN, which goes out with the transaction's first statement, and its COMMIT with its last
// (Database.transaction, db/client.ts: pipelined connections); announcements after commit go on a
// connection of their own. (A Drizzle transaction's BEGIN and COMMIT are round trips of their own,
// counted as none here; no write line uses one: a team edit that keeps its handle is one statement.)
const ROUND_TRIP_FREE = `s.query like 'select set_config(%' or s.query like 'select pg_notify(n.channel%'
  or lower(s.query) in ('begin', 'commit')`;

export interface Snapshot {
  statements: number | null;
  /** Statements that took no round trip of a request's own (see ROUND_TRIP_FREE). */
  free: number | null;
  execMs: number | null;
  nodeCpuMs: number | null;
  nodeWrites: number | null;
  backendCpuMs: Map<number, number>;
}

export interface Cost {
  statements: number | null;
  roundTrips: number | null;
  pgExecMs: number | null;
  nodeCpuMs: number | null;
  /** The app's write system calls (answers, log lines, messages to PostgreSQL); unlike the
   * statement count it sees statements sent together, and unlike CPU time it is not noisy. */
  nodeWrites: number | null;
  pgCpuMs: number | null;
}

export interface CostProbe {
  snapshot(): Promise<Snapshot>;
  cost(before: Snapshot, after: Snapshot, requests: number): Cost;
  close(): Promise<void>;
}

/** CPU time (user + system) of one process in ms, or null when it cannot be read. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Write system calls one process has made so far, or null when they cannot be read. */
function writeCalls(pid: number): number | null {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const found = /^syscw:\s*(\d+)/m.exec(io);
    return found ? Number(found[1]) : null;
  } catch {
    return null;
  }
}

/** A probe on the bench's database (none for the embedded one: only the app's CPU is measured). */
export async function openCostProbe(databaseUrl: string | undefined, serverPid: number): Promise<CostProbe> {
  let client: pg.Client | null = null;
  let statementsKept = false;
  if (databaseUrl) {
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ preloaded: boolean }>(
      `${MARK} select current_setting('shared_preload_libraries') like '%pg_stat_statements%' as preloaded`,
    );
    if (rows[0]?.preloaded) {
      await client.query(`${MARK} create extension if not exists pg_stat_statements`);
      statementsKept = true;
    }
  }
  return {
    async snapshot() {
      const backendCpuMs = new Map<number, number>();
      let statements: number | null = null;
      let free: number | null = null;
      let execMs: number | null = null;
      if (client) {
        const backends = await client.query<{ pid: number }>(
          `${MARK} select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        for (const { pid } of backends.rows) {
          const ms = cpuMs(pid);
          if (ms !== null) backendCpuMs.set(pid, ms);
        }
        if (statementsKept) {
          const { rows } = await client.query<{ calls: number; free: number; ms: number }>(
            `${MARK} select coalesce(sum(s.calls), 0)::float8 as calls, coalesce(sum(s.total_exec_time), 0)::float8 as ms,
               coalesce(sum(s.calls) filter (where ${ROUND_TRIP_FREE}), 0)::float8 as free
             from pg_stat_statements s join pg_database d on d.oid = s.dbid
             where d.datname = current_database() and s.toplevel and s.query not like '%write-cost probe%'`,
          );
          statements = rows[0].calls;
          free = rows[0].free;
          execMs = rows[0].ms;
        }
      }
      return {
        statements,
        free,
        execMs,
        nodeCpuMs: cpuMs(serverPid),
        nodeWrites: writeCalls(serverPid),
        backendCpuMs,
      };
    },
    cost(before, after, requests) {
      const per = (a: number | null, b: number | null) =>
        a === null || b === null || requests === 0 ? null : (a - b) / requests;
      let pgCpu: number | null = null;
      if (after.backendCpuMs.size > 0) {
        pgCpu = 0;
        // A backend opened during the run counts from zero.
        for (const [pid, ms] of after.backendCpuMs) pgCpu += ms - (before.backendCpuMs.get(pid) ?? 0);
      }
      return {
        statements: per(after.statements, before.statements),
        roundTrips:
          after.statements === null || before.statements === null
            ? null
            : per(after.statements - (after.free ?? 0), before.statements - (before.free ?? 0)),
        pgExecMs: per(after.execMs, before.execMs),
        nodeCpuMs: per(after.nodeCpuMs, before.nodeCpuMs),
        nodeWrites: per(after.nodeWrites, before.nodeWrites),
        pgCpuMs: pgCpu === null || requests === 0 ? null : pgCpu / requests,
      };
    },
    async close() {
      await client?.end();
    },
  };
}
