// Starts one instance: database (migrated under a lock), first-boot data, the app, and a
// graceful stop on SIGTERM.
import { needsFirstBoot, runFirstBoot } from './boot/first-boot';
import { loadConfig } from './config';

const config = loadConfig();
// A new embedded database is made in a child process (see boot/first-boot.ts) while this one
// loads the app's modules.
const firstBoot = !config.databaseUrl && needsFirstBoot(config.dataDir) ? runFirstBoot() : undefined;
const [{ buildApp }, { openConfiguredDatabase }, { ensureFirstData }, { NotificationWorker }] =
  await Promise.all([
    import('./app'),
    import('./boot/configured-database'),
    import('./boot/first-data'),
    import('./features/notifications/worker'),
  ]);
await firstBoot;
const database = await openConfiguredDatabase(config);
await ensureFirstData(database, config);

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
