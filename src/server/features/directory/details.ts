// The User Details dialog's reads and writes: one member of the caller's
// organization, their permission level, organization roles and access.
import { and, eq } from 'drizzle-orm';
import {
  CANNOT_CHANGE_OWN_LEVEL,
  CANNOT_DISABLE_SELF,
  OWNER_NOT_ASSIGNABLE,
  OWNER_UNCHANGEABLE,
  type UserDetails,
  type UserDetailsInput,
} from '../../../common/schemas/people';
import { profileColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { auditLog, userOrganizations } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { disconnectUser } from '../../http/presence-signal';

const DETAILS = `
select u.id, ${profileColumns('u')}, m.role as "permissionRole",
  m.organization_roles as "organizationRoles", (m.status = 'active') as "isActive",
  coalesce((
    select json_agg(json_build_object('id', te.id, 'name', te.name, 'role', tm.role) order by lower(te.name))
    from team_members tm
    join teams te on te.id = tm.team_id and te.organization_id = $1 and te.archived_at is null
    where tm.organization_id = $1 and tm.user_id = u.id
  ), '[]'::json) as teams
from user_organizations m
join users u on u.id = m.user_id
where m.organization_id = $1 and m.user_id = $2`;

export async function getUserDetails(database: Database, organizationId: number, userId: number) {
  const [row] = await database.query<UserDetails>(DETAILS, [organizationId, userId]);
  if (!row) throw notFound('User not found');
  return row;
}

export const DISABLED_REASON = 'Disabled from the directory';

export async function updateUserDetails(
  database: Database,
  organizationId: number,
  actorId: number,
  userId: number,
  input: UserDetailsInput,
): Promise<UserDetails> {
  const disabledNow = await database.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: userOrganizations.id, role: userOrganizations.role, status: userOrganizations.status })
      .from(userOrganizations)
      .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)))
      .for('update');
    if (!member) throw notFound('User not found');

    const wasActive = member.status === 'active';
    if (member.role === 'owner') {
      if (input.permissionRole !== 'owner' || !input.isActive) throw forbidden(OWNER_UNCHANGEABLE);
    } else if (input.permissionRole === 'owner') {
      throw forbidden(OWNER_NOT_ASSIGNABLE);
    }
    // Nobody acts on themselves: no self-disable, no lowering (or raising) one's own level.
    if (userId === actorId && wasActive && !input.isActive) throw forbidden(CANNOT_DISABLE_SELF);
    if (userId === actorId && input.permissionRole !== member.role) throw forbidden(CANNOT_CHANGE_OWN_LEVEL);

    // A pending registration is neither enabled nor disabled from here: saving the dialog with
    // the switch off leaves it pending, switching it on approves it.
    const disabling = wasActive && !input.isActive;
    const enabling = !wasActive && input.isActive;
    const now = new Date();
    await tx
      .update(userOrganizations)
      .set({
        role: input.permissionRole,
        organizationRoles: input.organizationRoles,
        ...(disabling
          ? {
              status: 'disabled',
              isActive: false,
              disabledAt: now,
              disabledBy: actorId,
              disabledReason: DISABLED_REASON,
            }
          : {}),
        ...(enabling
          ? { status: 'active', isActive: true, disabledAt: null, disabledBy: null, disabledReason: null }
          : {}),
        ...(enabling && member.status === 'pending_approval' ? { approvedAt: now, approvedBy: actorId } : {}),
      })
      .where(eq(userOrganizations.id, member.id));
    await tx.insert(auditLog).values({
      organizationId,
      actorId,
      action: 'user.details_updated',
      targetType: 'user',
      targetId: userId,
      details: {
        from: { role: member.role, status: member.status },
        to: {
          role: input.permissionRole,
          organizationRoles: input.organizationRoles,
          isActive: input.isActive,
        },
      },
    });
    return disabling;
  });

  if (disabledNow) {
    // Their sessions in this organization end, and their live connections with them; a session
    // they hold in another organization is not this administrator's to end.
    await database.query(`delete from session where user_id = $1 and (sess->>'organizationId')::int = $2`, [
      userId,
      organizationId,
    ]);
    await disconnectUser(database, userId, organizationId);
  }
  return getUserDetails(database, organizationId, userId);
}
