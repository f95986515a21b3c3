// `npm run test:pg`: the API suite against a PostgreSQL server, in a fresh database that is
// dropped afterwards. PG_ADMIN_URL names the server (default: local trust-auth PostgreSQL).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `greenroom_test_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch (err) {
  // Locally, no server means this suite is skipped (loudly); in CI it is a failure.
  console.error(`No PostgreSQL server at ${adminUrl}: ${err.message}`);
  if (process.env.CI) process.exit(1);
  console.error('PostgreSQL suite skipped. Set PG_ADMIN_URL or start a server to run it.');
  process.exit(0);
}
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`API tests on PostgreSQL (${url.host}/${name})`);
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url.toString() },
  },
);
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
process.exit(result.status ?? 1);
