// Installation-wide settings: one JSON value per key in system_settings (the database server, the
// support address, the legal texts). Each reader checks the value's shape itself.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemSettings } from '../../db/schema';

/** The value saved under the key, or undefined when none is. */
export async function readSystemSetting(database: Database, key: string): Promise<unknown> {
  const [row] = await database.db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row?.value;
}

/** Saves the value under the key, replacing what was there. */
export async function saveSystemSetting(database: Database, key: string, value: unknown): Promise<void> {
  await database.db
    .insert(systemSettings)
    .values({ key, value, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}
