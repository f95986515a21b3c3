// First boot: the system user `system`, with SYSTEM_ADMIN_PASSWORD or a random password that is
// printed once (and never logged again).
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { hashPassword } from '../features/auth/passwords';

export const SYSTEM_USERNAME = 'system';

export async function ensureSystemUser(database: Database, password: string | undefined) {
  const existing = await database.query('select 1 from users where is_system_user limit 1');
  if (existing.length > 0) return null;
  const chosen = password ?? randomBytes(12).toString('base64url');
  await database.query(
    `insert into users (username, email, password, is_system_user, first_name, last_name)
     values ($1, 'system@greenroom.local', $2, true, 'System', 'Administrator') on conflict do nothing`,
    [SYSTEM_USERNAME, await hashPassword(chosen)],
  );
  return password ? null : chosen;
}
