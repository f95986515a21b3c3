// Starts one instance: database (migrated under a lock), first-boot data, the app, and a
// graceful stop on SIGTERM.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { NotificationWorker } from './features/notifications/worker';
import { ensureSystemUser } from './seed/bootstrap';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from './seed/demo';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

const systemPassword = await ensureSystemUser(database, config.systemAdminPassword);
if (systemPassword) {
  console.log(
    `\nSystem administrator created: username "system", password "${systemPassword}" (shown once)\n`,
  );
}
if (config.seedDemo && (await seedDemo(database))) {
  const port = config.port;
  console.log(
    `Demo organization seeded at http://demo.localhost:${port} (password "${DEMO_PASSWORD}" for all):`,
  );
  for (const p of DEMO_PEOPLE) console.log(`  ${p.username.padEnd(10)} ${p.role}`);
}

const app = await buildApp({ config, database, logger: true });
await app.listen({ port: config.port, host: config.host });
// Reminders, change notices, digests and mail retries; every instance runs one (jobs are claimed
// in PostgreSQL, so each runs once).
const worker = new NotificationWorker(app.deps, {
  intervalMs: Number(process.env.NOTIFY_INTERVAL_MS) || undefined,
  log: app.log,
});
worker.start();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  // close() stops accepting, waits for in-flight requests and runs onClose hooks (WebSockets).
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await worker.stop();
  await app.close();
  app.deps.mailer.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
