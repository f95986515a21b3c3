// Where an account's e-mailed links lead: the address of its organization (its oldest
// membership), or the main site for system users and people without one. Always built from
// configuration, never from the request's Host header.
import { organizationOrigin } from '../../../common/tenancy';
import type { Database } from '../../db/client';
import { membershipsOf } from './queries';

export async function accountOrigin(
  database: Database,
  publicUrl: string,
  user: { id: number; isSystemUser: boolean },
) {
  if (user.isSystemUser) return publicUrl;
  const [membership] = await membershipsOf(database, user.id);
  return membership ? organizationOrigin(publicUrl, membership.shortname) : publicUrl;
}
