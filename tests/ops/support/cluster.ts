// A PostgreSQL cluster of the ops suites' own: initdb in a temporary folder, a free loopback port,
// trust authentication, stopped and removed at the end. The suites restart and dump it, so they
// never touch the shared server on 127.0.0.1:5432. initdb and postgres refuse to run as root;
// as root (CI) they run as the `postgres` user, which then owns the folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../../scripts/bench/processes';

/** The newest PostgreSQL installed from Debian's packages (…/bin holds initdb and pg_ctl). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? path.join(root, versions.at(-1) as string, 'bin') : '';
  if (!bin || !existsSync(path.join(bin, 'initdb')))
    throw new Error(`PostgreSQL server binaries not found under ${root} (apt-get install postgresql)`);
  return bin;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when this process is root. */
export function runAsOwner(program: string, args: string[], opts: { allowFail?: boolean } = {}) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0 && !opts.allowFail)
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`,
    );
  return result;
}

export class PrivateCluster {
  readonly bin = postgresBin();
  readonly dir: string;
  readonly dataDir: string;
  port = 0;

  private constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'greenroom-ops-pg-'));
    this.dataDir = path.join(this.dir, 'data');
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(this.dir, uid, gid);
    }
  }

  static async create(): Promise<PrivateCluster> {
    const cluster = new PrivateCluster();
    runAsOwner(path.join(cluster.bin, 'initdb'), [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-instructions',
    ]);
    cluster.port = await freePort();
    cluster.start();
    return cluster;
  }

  get adminUrl() {
    return this.url('postgres');
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  start() {
    runAsOwner(path.join(this.bin, 'pg_ctl'), [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      // Unix socket in the folder (not /var/run), loopback only; fsync off: nothing here outlives the run.
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  }

  /** Stops the server: `fast` ends sessions cleanly, `immediate` is a crash without a checkpoint. */
  stop(mode: 'fast' | 'immediate' = 'fast') {
    runAsOwner(path.join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop'], {
      allowFail: true,
    });
  }

  /** The server's log (for a failure's message). */
  log() {
    const file = path.join(this.dir, 'server.log');
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-3000) : '';
  }

  async createDatabase(name: string): Promise<string> {
    await this.admin((c) => c.query(`create database ${name}`));
    return this.url(name);
  }

  async admin<T>(fn: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  destroy() {
    this.stop('immediate');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
