// `npm run bench:outside`: measures the app as users run it, from outside. It starts `npm start`
// itself (scripts/start.mjs, every default left alone, the demo organization seeded) on a
// throwaway PostgreSQL database over TCP, signs in as the demo owner, and runs `wrk` (Debian's
// package) with 32 connections booking one-off rehearsals (outside/event-create.lua): 5 s of
// warm-up, then the measured run. Compare with `npm run bench -- "event create (one-off)"`, the
// same write through the bench's own server and load generator.
//
// Options (environment): OUTSIDE_SECONDS (20), OUTSIDE_CONNECTIONS (32).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  chooseDatabase,
  cleanup,
  cleanups,
  DEMO_OWNER,
  freePort,
  request,
  signIn,
  stopChild,
} from './processes';

const SECONDS = Number(process.env.OUTSIDE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.OUTSIDE_CONNECTIONS ?? 32);
const root = path.resolve(import.meta.dirname, '../..');

if (spawnSync('wrk', ['--version']).error) {
  console.error('bench:outside needs wrk: apt-get install -y wrk');
  process.exit(2);
}

/** A command's output once it ends, the event loop free meanwhile. */
function run(command: string, args: string[], options: { env: NodeJS.ProcessEnv }): Promise<string> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c;
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c;
  });
  return new Promise((resolve) => child.once('exit', () => resolve(output)));
}

const { url, label } = await chooseDatabase('postgres');
const port = await freePort();
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, PORT: String(port), SEED_DEMO: '1' },
  // Read as a terminal would read it: every byte, as it comes (OUTSIDE_LOG=ignore: not at all).
  stdio: ['ignore', process.env.OUTSIDE_LOG === 'ignore' ? 'ignore' : 'pipe', 'inherit'],
});
cleanups.push(() => stopChild(server));
let logged = 0;
server.stdout?.on('data', (chunk: Buffer) => {
  logged += chunk.length;
});

const host = `demo.localhost:${port}`;
const deadline = Date.now() + 180_000;
for (;;) {
  const health = await request({ host: '127.0.0.1', port, path: '/api/health' }).catch(() => null);
  if (health?.status === 200) break;
  if (Date.now() > deadline || server.exitCode !== null) throw new Error('npm start did not come up');
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const cookie = await signIn(port, host, DEMO_OWNER);
const me = JSON.parse(
  (await request({ host: '127.0.0.1', port, path: '/api/me', headers: { host, cookie } })).body.toString(),
);

// Asynchronously, so that this process keeps reading the server's output while wrk runs.
const wrk = (seconds: number, from: Date) =>
  run(
    'wrk',
    [
      `-t2`,
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      '-s',
      process.env.OUTSIDE_SCRIPT ?? path.join(import.meta.dirname, 'outside/event-create.lua'),
      `http://127.0.0.1:${port}`,
    ],
    {
      env: {
        ...process.env,
        GR_HOST: host,
        GR_ORG: String(me.organization.id),
        GR_COOKIE: cookie,
        GR_RESERVER: String(me.user.id),
        GR_FROM: from.toISOString().slice(0, 10),
      },
    },
  );

console.log(`npm start on ${label}, port ${port}; wrk ${CONNECTIONS} connections, event create (one-off)`);
// From tomorrow, within the 400 days every series is first made for: a booking beyond them
// materializes the demo's weekly series further first, which is another measurement. The
// measured run starts 200 days on (the warm-up books about 30 days, the run at most 170).
const day = 86_400_000;
await wrk(5, new Date(Date.now() + day));
console.log(await wrk(SECONDS, new Date(Date.now() + 200 * day)));
console.log(`The server wrote ${Math.round(logged / 1024)} KB to its standard output.`);
await cleanup();
