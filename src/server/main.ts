// Starts one instance: database (migrated under a lock), first-boot data, the app, and a
// graceful stop on SIGTERM.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { NotificationWorker } from './features/notifications/worker';
import { savedSettings, setDatabaseSource, settingsUrl } from './features/system/database-settings';
import { ensureSystemUser } from './seed/bootstrap';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from './seed/demo';

const config = loadConfig();
const database = await openConfiguredDatabase();

/**
 * DATABASE_URL wins; without it, database settings saved by a system user in the embedded
 * database (System Settings) take effect here, at the next start. If that server cannot be
 * reached the embedded database is kept and the reason logged, so the instance still starts.
 */
async function openConfiguredDatabase() {
  if (config.databaseUrl) {
    setDatabaseSource('DATABASE_URL');
    return openDatabase({ databaseUrl: config.databaseUrl });
  }
  const embedded = await openDatabase({ dataDir: config.dataDir });
  const saved = process.env.IGNORE_SAVED_DATABASE_SETTINGS ? null : await savedSettings(embedded);
  if (!saved) {
    setDatabaseSource('embedded');
    return embedded;
  }
  try {
    const server = await openDatabase({
      databaseUrl: settingsUrl(saved),
      pool: { max: saved.maxConnections, connectionTimeoutMillis: saved.connectionTimeout },
    });
    await embedded.close();
    setDatabaseSource('saved settings');
    console.log(`Using the PostgreSQL server ${saved.host}:${saved.port}/${saved.database} (saved settings)`);
    return server;
  } catch (err) {
    console.error(
      `Saved database settings not used (${(err as Error).message}); staying on the embedded database`,
    );
    setDatabaseSource('embedded');
    return embedded;
  }
}

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
