// The address people write to while a system administrator reviews their sign-up (the pending
// page, and organizations without a contact address of their own). A System Settings entry; until
// one is saved it is the first system user's own e-mail, an inbox someone actually reads.
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { readSystemSetting, saveSystemSetting } from './system-settings';

const KEY = 'support';

/** "Greenroom <no-reply@x>" → "no-reply@x": a mailto: needs the address alone. */
function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

async function savedAddress(database: Database): Promise<string> {
  const value = await readSystemSetting(database, KEY);
  const email = (value as { supportEmail?: unknown } | undefined)?.supportEmail;
  return typeof email === 'string' ? email : '';
}

async function defaultAddress(database: Database, config: Config): Promise<string> {
  const [first] = await database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isSystemUser, true))
    .orderBy(users.id)
    .limit(1);
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
  await saveSystemSetting(database, KEY, { supportEmail });
}

export async function supportAddress(deps: { database: Database; config: Config }): Promise<string> {
  const { supportEmail, defaultEmail } = await readSupportSettings(deps);
  return supportEmail || defaultEmail;
}
