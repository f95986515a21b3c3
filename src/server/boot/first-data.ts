// What every boot makes sure of before serving: the system user and, with SEED_DEMO, the demo
// organization in an empty database (each printed once, when made).
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ensureSystemUser } from '../seed/bootstrap';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from '../seed/demo';

export async function ensureFirstData(database: Database, config: Config) {
  const systemPassword = await ensureSystemUser(database, config.systemAdminPassword);
  if (systemPassword) {
    console.log(
      `\nSystem administrator created: username "system", password "${systemPassword}" (shown once)\n`,
    );
  }
  if (config.seedDemo && (await seedDemo(database))) {
    console.log(
      `Demo organization seeded at http://demo.localhost:${config.port} (password "${DEMO_PASSWORD}" for all):`,
    );
    for (const p of DEMO_PEOPLE) console.log(`  ${p.username.padEnd(10)} ${p.role}`);
  }
}
