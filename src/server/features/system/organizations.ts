// All organizations for system users: the list with its counts, and the approval decisions
// (approve, reject, suspend) with the transitions of common/schemas/system.ts.
import { eq } from 'drizzle-orm';
import { type ApprovalDecision, canDecide } from '../../../common/schemas/system';
import type { MemberPage } from '../../../common/member-list';
import type {
  OrganizationCounts,
  OrganizationList,
  OrganizationSummary,
  PendingOrganization,
} from '../../../common/schemas/system';
import { organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { afterKey, instantKey, type Keyset, orderBy, pageFrom } from '../../http/keyset';
import { ChangeFeed } from '../../db/change-feed';
import { disconnectSession } from '../../http/presence-signal';
import { recordAudit } from '../audit';
import { approvalMail, type Mailer } from '../mail';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

type Cursor = (string | number | boolean)[] | null;

// Newest first, as registrations arrive; `organizations_created` serves the order.
export const ORGANIZATIONS_KEYSET: Keyset = {
  columns: [
    { sql: 'o.created_at', type: 'timestamptz' },
    { sql: 'o.id', type: 'int' },
  ],
  descending: true,
};

// The matching organizations are counted whole and cut to one page; only the page's rows then
// count their members and find their owner, so a page costs the same among 2,000 as among 20.
const organizationPageSql = (after: string) => `
with matching as (
  select o.id, o.created_at from organizations o
  where ($1::text is null or strpos(lower(o.name), lower($1)) > 0 or strpos(o.shortname, lower($1)) > 0
         or strpos(lower(coalesce(o.contact_email, '')), lower($1)) > 0)
    and ($2::text = 'all' or o.approval_status = $2)),
page as (select o.* from matching o where ${after} ${orderBy(ORGANIZATIONS_KEYSET)} limit $3)
select (select count(*)::int from matching) as total, ${instantKey('o.created_at')} as "sortCreated",
  o.id, o.name, o.shortname, o.description, o.contact_email as "contactEmail",
  o.approval_status as "approvalStatus", o.approved_at as "approvedAt",
  o.rejection_reason as "rejectionReason", o.created_at as "createdAt",
  (select count(*)::int from user_organizations m where m.organization_id = o.id) as "userCount",
  (select json_build_object('id', u.id, 'username', u.username, 'email', u.email)
     from user_organizations m join users u on u.id = m.user_id
     where m.organization_id = o.id and m.role = 'owner' order by m.id limit 1) as owner
from (select 1) one
left join page p on true
left join organizations o on o.id = p.id
${orderBy(ORGANIZATIONS_KEYSET)}`;

/** One page of organizations, newest first, and the counts by status (which ignore the filters). */
export async function listOrganizations(
  database: Database,
  filters: { search?: string; status: string },
  page: { after: Cursor; limit: number },
): Promise<OrganizationList> {
  const after = afterKey(ORGANIZATIONS_KEYSET, page.after, 4);
  const [rows, [counts]] = await Promise.all([
    database.query<OrganizationSummary & { total: number; sortCreated: string | null }>(
      organizationPageSql(after.sql),
      [filters.search ?? null, filters.status, page.limit + 1, ...after.params],
    ),
    database.query<OrganizationCounts>(
      `select count(*)::int as total,
         count(*) filter (where approval_status = 'approved')::int as approved,
         count(*) filter (where approval_status = 'pending')::int as pending,
         count(*) filter (where approval_status = 'rejected')::int as rejected,
         count(*) filter (where approval_status = 'suspended')::int as suspended
       from organizations`,
    ),
  ]);
  const found = rows.filter((r) => r.sortCreated !== null);
  return {
    counts,
    ...pageFrom(
      found,
      page.limit,
      rows[0]?.total ?? 0,
      (r) => [r.sortCreated as string, r.id],
      ({ total: _total, sortCreated: _sort, ...r }) => ({
        ...r,
        approvedAt: iso(r.approvedAt),
        createdAt: iso(r.createdAt) as string,
      }),
    ),
  };
}

// The approval queue: the longest waiting first.
export const PENDING_KEYSET: Keyset = {
  columns: [
    { sql: 'o.created_at', type: 'timestamptz' },
    { sql: 'o.id', type: 'int' },
  ],
};

/** One page of the organizations waiting for a decision, and how many wait. */
export async function listPendingOrganizations(
  database: Database,
  page: { after: Cursor; limit: number },
): Promise<MemberPage<PendingOrganization>> {
  const after = afterKey(PENDING_KEYSET, page.after, 2);
  const [rows, [{ total }]] = await Promise.all([
    database.query<PendingOrganization & { sortCreated: string }>(
      `select ${instantKey('o.created_at')} as "sortCreated", o.id, o.name, o.shortname,
         o.contact_email as "contactEmail", o.created_at as "createdAt",
         (select json_build_object('id', u.id, 'username', u.username, 'email', u.email)
            from user_organizations m join users u on u.id = m.user_id
            where m.organization_id = o.id and m.role = 'owner' order by m.id limit 1) as owner
       from organizations o
       where o.approval_status = 'pending' and ${after.sql}
       ${orderBy(PENDING_KEYSET)} limit $1`,
      [page.limit + 1, ...after.params],
    ),
    database.query<{ total: number }>(
      "select count(*)::int as total from organizations where approval_status = 'pending'",
    ),
  ]);
  return pageFrom(
    rows,
    page.limit,
    total,
    (r) => [r.sortCreated, r.id],
    ({ sortCreated: _sort, ...r }) => ({ ...r, createdAt: iso(r.createdAt) as string }),
  );
}

const NEXT_STATUS = { approve: 'approved', reject: 'rejected', suspend: 'suspended' } as const;

const REFUSALS: Record<ApprovalDecision, string> = {
  approve: 'This organization is already approved',
  reject: 'Only a pending organization can be rejected',
  suspend: 'Only an approved organization can be suspended',
};

function decisionMail(decision: ApprovalDecision, name: string, address: string, reason: string | null) {
  const because = reason ? ` Reason: ${reason}` : '';
  switch (decision) {
    case 'approve':
      return approvalMail(name, address, 'invite your team');
    case 'reject':
      return { subject: `${name} was not approved`, text: `We could not approve ${name}.${because}` };
    case 'suspend':
      return {
        subject: `${name} has been suspended`,
        text: `${name} has been suspended: its members cannot sign in and its public pages are offline until it is approved again.${because}`,
      };
  }
}

/**
 * Applies a decision if the organization's current state allows it (409 otherwise), audits it in
 * the same transaction, then mails the owner. Suspending also ends its members' sessions there.
 */
export async function decideOrganization(
  deps: { database: Database; mailer: Mailer; config: Config },
  input: { id: number; actorId: number; decision: ApprovalDecision; reason: string | null },
) {
  const { database, mailer, config } = deps;
  const { id, actorId, decision, reason } = input;
  const status = NEXT_STATUS[decision];
  const org = await database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: organizations.id, status: organizations.approvalStatus })
      .from(organizations)
      .where(eq(organizations.id, id))
      .for('update');
    if (!current) throw notFound('Organization not found');
    if (!canDecide(decision, current.status)) throw new AppError(409, REFUSALS[decision]);
    const [updated] = await tx
      .update(organizations)
      .set({
        approvalStatus: status,
        // approvedAt/By tell who last let it in; a suspension keeps them for the record.
        ...(decision === 'approve' ? { approvedAt: new Date(), approvedBy: actorId } : {}),
        ...(decision === 'reject' ? { approvedAt: null, approvedBy: actorId } : {}),
        rejectionReason: decision === 'approve' ? null : reason,
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, id))
      .returning({ id: organizations.id, name: organizations.name, shortname: organizations.shortname });
    await recordAudit(tx, {
      organizationId: id,
      actorId,
      action: `organization.${status}`,
      targetType: 'organization',
      targetId: id,
      details: { reason, from: current.status, to: status },
    });
    return updated;
  });
  const members = await database.query<{ userId: number; email: string; role: string }>(
    `select m.user_id as "userId", u.email, m.role from user_organizations m join users u on u.id = m.user_id
     where m.organization_id = $1`,
    [id],
  );
  if (decision === 'suspend') await endOrganizationSessions(database, id);
  const owner = members.find((m) => m.role === 'owner');
  if (owner) {
    const address = organizationOrigin(config.publicUrl, org.shortname);
    await mailer.send({ to: owner.email, ...decisionMail(decision, org.name, address, reason) });
  }
  return { ...org, approvalStatus: status, rejectionReason: decision === 'approve' ? null : reason };
}

/** Signs everyone out of the organization now (their other organizations are untouched). */
async function endOrganizationSessions(database: Database, organizationId: number) {
  const ended = await database.query<{ sid: string }>(
    `delete from session where sess->>'organizationId' = $1::text returning sid`,
    [organizationId],
  );
  ChangeFeed.of(database).organizationChanged(organizationId);
  for (const { sid } of ended) await disconnectSession(database, sid);
}
