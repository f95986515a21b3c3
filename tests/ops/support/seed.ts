// A known organization on an ops database, built with the API tests' factories.
import { openDatabase } from '../../../src/server/db/client';
import { type BuiltOrg, type BuiltUser, buildOrg, buildUser } from '../../support/factories';

export interface SeededOrg {
  org: BuiltOrg;
  owner: BuiltUser;
  members: BuiltUser[];
}

/** Migrates the database (as the app would) and adds an organization with an owner and members. */
export async function seedOrg(databaseUrl: string, memberCount = 3): Promise<SeededOrg> {
  const database = await openDatabase({ databaseUrl, pool: { max: 2 } });
  try {
    const org = await buildOrg(database);
    const owner = await buildUser(database, { org, role: 'owner', firstName: 'Olive' });
    const members: BuiltUser[] = [];
    for (let i = 0; i < memberCount; i++)
      members.push(await buildUser(database, { org, role: 'standard_user', firstName: `Member${i}` }));
    return { org, owner, members };
  } finally {
    await database.close();
  }
}
