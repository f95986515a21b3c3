// Which organization a sign-in or sign-up page addresses (GET /api/organization-context): the
// host's sub-address, or ?org= on the main site. Only approved organizations are named; a pending
// one is only said to be pending, and a join link naming another organization on this address is
// pointed to that organization's own address.
import type {
  ContextOrganization as PublicOrganization,
  OrganizationContext,
} from '../../../common/schemas/auth';
import { type HostContext, organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { isPendingOrganization } from '../auth';

const organizationsByShortname = (database: Database) =>
  ChangeFeed.of(database).cache<string, (PublicOrganization & { id: number }) | null>(
    'organization-context',
    {
      maxAgeMs: 5 * 60_000,
      maxSize: 10_000,
    },
  );

/**
 * Kept per shortname while the organization stays as it is; an unknown name is never kept, so
 * an organization approved a moment later is found at once.
 */
function approvedOrganization(database: Database, shortname: string) {
  return organizationsByShortname(database).getOrLoad(
    shortname,
    (found) => (found ? orgScopes(found.id, ['settings']) : null),
    async () => {
      const [row] = await database.query<PublicOrganization & { id: number }>(
        `select id, name, shortname, logo_url as "logoUrl", enable_public_registration as "allowPublicRegistration"
         from organizations where shortname = $1 and approval_status = 'approved'`,
        [shortname],
      );
      return row ?? null;
    },
  );
}

export async function organizationContext(
  deps: { database: Database; config: Config },
  host: HostContext,
  named: string | null,
): Promise<OrganizationContext> {
  const { database, config } = deps;
  const shortname = host.shortname ?? named;
  const nothing = { pendingApproval: false, registeredElsewhere: null };
  if (!shortname) return { isSystemDomain: true, organization: null, ...nothing };
  const org = await approvedOrganization(database, shortname);
  const organization = org && {
    name: org.name,
    shortname: org.shortname,
    logoUrl: org.logoUrl,
    allowPublicRegistration: org.allowPublicRegistration,
  };
  // An organization named by ?org= on the main site is still an organization context.
  const isSystemDomain = host.isSystemDomain && !org;
  if (!org) {
    const pendingApproval = await isPendingOrganization(database, shortname);
    return { isSystemDomain, organization: null, pendingApproval, registeredElsewhere: null };
  }
  let registeredElsewhere: OrganizationContext['registeredElsewhere'] = null;
  if (host.shortname && named && named !== host.shortname) {
    const elsewhere = await approvedOrganization(database, named);
    if (elsewhere)
      registeredElsewhere = {
        name: elsewhere.name,
        shortname: elsewhere.shortname,
        // From the configured address: the Host header is the visitor's to choose.
        registerUrl: `${organizationOrigin(config.publicUrl, elsewhere.shortname)}/register`,
      };
  }
  return { isSystemDomain, organization, pendingApproval: false, registeredElsewhere };
}
