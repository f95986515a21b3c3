// `npm test`'s first stage: runs npm scripts at the same time (the API suite on the embedded
// database and on the PostgreSQL server: each uses one core of two, so together they take about
// as long as the longer one). `a+b` runs b after a, if a passed: the shorter run's core then does
// the next work instead of idling. Each script's output is printed whole when it ends, not
// interleaved, followed by how long it took; the exit code is non-zero if any script failed.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/test-together.mjs <npm script>[+<npm script>…] […]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

const run = (script) =>
  new Promise((resolve) => {
    const begun = Date.now();
    const output = [];
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(`\n===== npm run ${script} =====\n`);
      process.stdout.write(Buffer.concat(output));
      const ok = code === 0;
      console.log(
        `===== npm run ${script}: ${ok ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds(begun)}`,
      );
      resolve({ script, ok });
    });
  });

/** The scripts of one chain, one after another, stopping at the first that fails. */
async function chain(scripts) {
  for (const script of scripts) {
    const result = await run(script);
    if (!result.ok) return result;
  }
  return { script: scripts.join('+'), ok: true };
}

const results = await Promise.all(scripts.map((arg) => chain(arg.split('+'))));
const failed = results.filter((r) => !r.ok).map((r) => r.script);
console.log(
  `\n${scripts.join(' + ')}: ${failed.length ? `FAILED (${failed.join(', ')})` : 'passed'} in ${seconds(started)}`,
);
process.exit(failed.length ? 1 : 0);
