// Which database this instance runs on. DATABASE_URL wins; without it, database settings saved
// by a system user in the embedded database (System Settings) take effect here, at the next
// start. If that server cannot be reached the embedded database is kept and the reason logged,
// so the instance still starts.
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { savedSettings, setDatabaseSource, settingsUrl } from '../features/system/database-settings';

export async function openConfiguredDatabase(config: Config) {
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
