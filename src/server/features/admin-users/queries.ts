// Membership rows of one organization. Every statement is scoped by organization id.
import type { MembershipRow } from '../../../common/schemas/admin';
import { containsPattern } from '../../db/like';
import { memberJson } from '../../db/columns';
import type { Database, Db } from '../../db/client';
import {
  calendarEventFollowers,
  calendarFeedTokens,
  sessions,
  teamMembers,
  userOrganizations,
  users,
} from '../../db/schema';
import { afterKey, type Keyset, orderBy, pageFrom } from '../../http/keyset';
import { and, count, eq, sql } from 'drizzle-orm';

export interface ListFilter {
  status?: string;
  role?: string;
  organizationRole?: string;
  team?: number;
  search?: string;
}

// Last activity is written at sign-in and by the sliding-session touch (http/session.ts).
const SELECT = `
select m.id, m.user_id as "userId",
  json_build_object('id', u.id, ${memberJson('u')}, 'email', u.email) as "user",
  m.role, m.status, m.is_active as "isActive", m.approved_at as "approvedAt", m.approved_by as "approvedBy",
  m.disabled_at as "disabledAt", m.disabled_by as "disabledBy", m.disabled_reason as "disabledReason",
  m.created_at as "createdAt", m.last_active_at as "lastActiveAt"
from user_organizations m join users u on u.id = m.user_id`;

const WHERE = `
where m.organization_id = $1
  and ($2::text is null or m.status = $2)
  and ($3::text is null or m.role = $3)
  and ($4::text is null or u.username ilike $4 or u.email ilike $4 or u.first_name ilike $4
    or u.last_name ilike $4 or concat_ws(' ', u.first_name, u.last_name) ilike $4)
  and ($5::text is null or $5 = any(m.organization_roles))
  and ($6::int is null or exists (
    select 1 from team_members tm join teams te on te.id = tm.team_id
    where tm.organization_id = $1 and tm.user_id = m.user_id and tm.team_id = $6
      and te.organization_id = $1 and te.archived_at is null))`;

// Waiting approvals first, then by name, so the people needing action are on page one; the
// membership id last makes the order total, so keyset pages never skip or repeat anyone.
export const USERS_KEYSET: Keyset = {
  columns: [
    { sql: "(m.status <> 'pending_approval')", type: 'bool' },
    { sql: "lower(coalesce(u.last_name, ''))", type: 'text' },
    { sql: "lower(coalesce(u.first_name, ''))", type: 'text' },
    { sql: 'lower(u.username)', type: 'text' },
    { sql: 'm.id', type: 'int' },
  ],
};
const KEY_COLUMNS = USERS_KEYSET.columns.map((c, i) => `${c.sql} as k${i}`).join(', ');

/** Numbered pages (the older form), or keyset pages from a decoded cursor. */
export type Paging =
  | { page: number; pageSize: number }
  | { after: (string | number | boolean)[] | null; limit: number };

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function present(row: MembershipRow): MembershipRow {
  return {
    ...row,
    approvedAt: iso(row.approvedAt),
    disabledAt: iso(row.disabledAt),
    createdAt: iso(row.createdAt)!,
    lastActiveAt: iso(row.lastActiveAt),
  };
}

export async function listMemberships(
  database: Database,
  organizationId: number,
  filter: ListFilter,
  paging?: Paging,
): Promise<{ rows: MembershipRow[]; total: number; nextCursor: string | null }> {
  const params: unknown[] = [
    organizationId,
    filter.status ?? null,
    filter.role ?? null,
    containsPattern(filter.search),
    filter.organizationRole ?? null,
    filter.team ?? null,
  ];
  const [{ total }] = await database.query<{ total: number }>(
    `select count(*)::int as total from user_organizations m join users u on u.id = m.user_id ${WHERE}`,
    params,
  );
  if (paging && 'after' in paging) {
    const after = afterKey(USERS_KEYSET, paging.after, params.length + 2);
    const rows = await database.query<MembershipRow & Record<`k${number}`, string | number | boolean>>(
      `${SELECT.replace('select m.id,', `select ${KEY_COLUMNS}, m.id,`)} ${WHERE} and ${after.sql}
       ${orderBy(USERS_KEYSET)} limit $${params.length + 1}`,
      [...params, paging.limit + 1, ...after.params],
    );
    const page = pageFrom(
      rows,
      paging.limit,
      total,
      (r) => USERS_KEYSET.columns.map((_, i) => r[`k${i}`]),
      ({ k0: _0, k1: _1, k2: _2, k3: _3, k4: _4, ...row }) => present(row as MembershipRow),
    );
    return { rows: page.items, total, nextCursor: page.nextCursor };
  }
  const limit = paging
    ? `limit ${Number(paging.pageSize)} offset ${Number((paging.page - 1) * paging.pageSize)}`
    : '';
  const rows = await database.query<MembershipRow>(
    `${SELECT} ${WHERE} ${orderBy(USERS_KEYSET)} ${limit}`,
    params,
  );
  return { rows: rows.map(present), total, nextCursor: null };
}

export async function findMembership(database: Database, organizationId: number, userId: number) {
  const [row] = await database.query<MembershipRow>(
    `${SELECT} where m.organization_id = $1 and m.user_id = $2`,
    [organizationId, userId],
  );
  return row ? present(row) : undefined;
}

/** Ends the user's sessions in this organization only; their other memberships are untouched. */
export async function endOrganizationSessions(db: Db, organizationId: number, userId: number) {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), sql`${sessions.sess}->>'organizationId' = ${String(organizationId)}`),
    );
}

/**
 * Removes a person from one organization: membership and every organization-scoped tie. The
 * account itself goes too when this was its only organization, so nobody is left holding a
 * username they can never use; events they reserved stay, handed to the organization's owner.
 */
export async function removeMember(db: Db, organizationId: number, userId: number) {
  for (const table of [teamMembers, calendarEventFollowers, calendarFeedTokens, userOrganizations])
    await db.delete(table).where(and(eq(table.organizationId, organizationId), eq(table.userId, userId)));
  await endOrganizationSessions(db, organizationId, userId);
  const [{ others }] = await db
    .select({ others: count() })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId));
  const [account] = await db
    .select({ isSystemUser: users.isSystemUser })
    .from(users)
    .where(eq(users.id, userId));
  if (others > 0 || account?.isSystemUser) return { accountDeleted: false };
  // A set-based write with the owner found inside it: raw SQL.
  await db.execute(sql`
    update calendar_events set reserved_by = (
      select user_id from user_organizations where organization_id = ${organizationId} and role = 'owner'
      order by id limit 1)
    where organization_id = ${organizationId} and reserved_by = ${userId}
      and exists (select 1 from user_organizations where organization_id = ${organizationId} and role = 'owner')`);
  await db.delete(users).where(eq(users.id, userId));
  return { accountDeleted: true };
}
