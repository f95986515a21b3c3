// The address people write to while a system administrator reviews their sign-up (the pending
// page, and organizations without a contact address of their own). A System Settings entry; until
// one is saved it is the first system user's own e-mail, an inbox someone actually reads.
import type { Config } from '../../config';
import type { Database } from '../../db/client';

const KEY = 'support';

/** "Greenroom <no-reply@x>" → "no-reply@x": a mailto: needs the address alone. */
function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

async function savedAddress(database: Database): Promise<string> {
  const [row] = await database.query<{ value: unknown }>('select value from system_settings where key = $1', [
    KEY,
  ]);
  const value = typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value;
  const email = (value as { supportEmail?: unknown } | undefined)?.supportEmail;
  return typeof email === 'string' ? email : '';
}

async function defaultAddress(database: Database, config: Config): Promise<string> {
  const [first] = await database.query<{ email: string }>(
    'select email from users where is_system_user order by id limit 1',
  );
  return first?.email ?? bareAddress(config.mailFrom);
}

export async function readSupportSettings(deps: { database: Database; config: Config }) {
  const [supportEmail, defaultEmail] = await Promise.all([
    savedAddress(deps.database),
    defaultAddress(deps.database, deps.config),
  ]);
  return { supportEmail, defaultEmail };
}

/** An empty address goes back to the default. */
export async function saveSupportAddress(database: Database, supportEmail: string) {
  await database.query(
    `insert into system_settings (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [KEY, JSON.stringify({ supportEmail })],
  );
}

export async function supportAddress(deps: { database: Database; config: Config }): Promise<string> {
  const { supportEmail, defaultEmail } = await readSupportSettings(deps);
  return supportEmail || defaultEmail;
}
