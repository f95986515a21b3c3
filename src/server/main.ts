// Starts one instance: database (migrated under a lock), first-boot data, the app, and a
// graceful stop on SIGTERM.
import { needsFirstBoot, runFirstBoot } from './boot/first-boot';
import { loadConfig } from './config';

const config = loadConfig();
// A new embedded database is made in a child process (see boot/first-boot.ts) while this one
// loads the app's modules.
const firstBoot = !config.databaseUrl && needsFirstBoot(config.dataDir) ? runFirstBoot() : undefined;
const [{ buildApp }, { openDatabase }, { ensureFirstData }] = await Promise.all([
  import('./app'),
  import('./db/client'),
  import('./boot/first-data'),
]);
await firstBoot;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await ensureFirstData(database, config);

const app = await buildApp({ config, database, logger: true });
await app.listen({ port: config.port, host: config.host });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  // close() stops accepting, waits for in-flight requests and runs onClose hooks (WebSockets).
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  app.deps.mailer.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
