// The ops suites drive programs from Debian's packages (PostgreSQL's server binaries, nginx,
// sqlmap). On a newcomer's machine a missing one skips its suite with one line saying what to
// install; in CI, where .ci/run installs them all, a missing one fails the run instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

interface Tool {
  /** Whether the program is here. */
  present: boolean;
  /** The Debian package that brings it. */
  install: string;
}

/** Whether a suite needing `tools` can run here; says once what is missing. */
export function toolsPresent(suite: string, tools: Record<string, Tool>): boolean {
  const missing = Object.entries(tools).filter(([, tool]) => !tool.present);
  if (missing.length === 0) return true;
  const packages = missing.map(([, tool]) => tool.install).join(' ');
  const names = missing.map(([name]) => name).join(', ');
  if (process.env.CI) throw new Error(`${suite}: ${names} not installed (apt-get install ${packages})`);
  console.log(`${suite}: SKIPPED, ${names} not installed. Run: apt-get install ${packages}`);
  return false;
}

const runs = (program: string, args: string[]) => spawnSync(program, args).status === 0;

const postgresRoot = '/usr/lib/postgresql';
export const postgresServer: Tool = {
  present:
    existsSync(postgresRoot) &&
    readdirSync(postgresRoot).some((v) => existsSync(path.join(postgresRoot, v, 'bin', 'initdb'))),
  install: 'postgresql',
};

export const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => runs(p, ['-v']));
export const nginx: Tool = { present: Boolean(nginxBin), install: 'nginx-light' };

export const sqlmap: Tool = { present: runs('sqlmap', ['--version']), install: 'sqlmap' };
