// User management: the membership state machine, the owner's protections and
// the assignable roles. Each change is one transaction that also writes the audit entry.
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../common/permissions';
import type { z } from 'zod';
import type { addUserSchema, MembershipRow } from '../../../common/schemas/admin';
import { roleLabel } from '../../../common/permissions';
import { organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { organizations, userOrganizations, users } from '../../db/schema';
import { csvText } from '../../http/csv';
import { conflict, forbidden, notFound } from '../../http/errors';
import { disconnectUser } from '../../http/presence-signal';
import { hashPassword, usernameOrEmailTaken } from '../auth';
import { recordAudit } from '../audit';
import { approvalMail, type Mailer } from '../mail';
import {
  endOrganizationSessions,
  findMembership,
  type ListFilter,
  listMemberships,
  type Paging,
  removeMember,
} from './queries';

type Caller = Actor & { userId: number };
type AddUser = z.output<typeof addUserSchema>;

async function target(database: Database, organizationId: number, userId: number) {
  const row = await findMembership(database, organizationId, userId);
  if (!row) throw notFound('User not found');
  return row;
}

/** The member a protected action aims at: never the owner, never the caller. */
async function otherMember(
  database: Database,
  organizationId: number,
  actor: Caller,
  userId: number,
  refusal: { owner: string; self: string },
) {
  const row = await target(database, organizationId, userId);
  if (row.role === 'owner') throw forbidden(refusal.owner);
  if (actor.userId === row.userId) throw forbidden(refusal.self);
  return row;
}

/** The membership as it is now, after a change that cannot have removed it. */
async function current(database: Database, organizationId: number, userId: number) {
  return (await findMembership(database, organizationId, userId))!;
}

const who = (row: MembershipRow) => ({ username: row.user.username, email: row.user.email });

export function listUsers(database: Database, organizationId: number, filter: ListFilter, paging?: Paging) {
  return listMemberships(database, organizationId, filter, paging);
}

export async function addUser(database: Database, organizationId: number, actor: Caller, input: AddUser) {
  const taken = await usernameOrEmailTaken(database, input.username, input.email);
  if (taken.username) throw conflict('Username already exists');
  if (taken.email) throw conflict('Email already exists');
  const password = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await database.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          password,
          firstName: input.firstName,
          lastName: input.lastName,
        })
        .returning({ id: users.id });
      await tx.insert(userOrganizations).values({
        userId: user.id,
        organizationId,
        role: input.role,
        status: 'active',
        isActive: true,
        approvedAt: sql`now()`,
        approvedBy: actor.userId,
      });
      await recordAudit(tx, {
        organizationId,
        actorId: actor.userId,
        action: 'user.created',
        targetType: 'user',
        targetId: user.id,
        details: { username: input.username, email: input.email, role: input.role },
      });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username or email already exists');
    throw err;
  }
  return current(database, organizationId, userId);
}

/** Moves a membership between states only from the expected one, so two clicks cannot race. */
async function transition(
  database: Database,
  organizationId: number,
  row: MembershipRow,
  from: string,
  set: PgUpdateSetSource<typeof userOrganizations>,
  audit: { actorId: number; action: string; details?: Record<string, unknown> },
  endSessions = false,
) {
  const changed = await database.db.transaction(async (tx) => {
    const updated = await tx
      .update(userOrganizations)
      .set(set)
      .where(
        and(
          eq(userOrganizations.organizationId, organizationId),
          eq(userOrganizations.userId, row.userId),
          eq(userOrganizations.status, from),
        ),
      )
      .returning({ id: userOrganizations.id });
    if (updated.length === 0) return false;
    if (endSessions) await endOrganizationSessions(tx, organizationId, row.userId);
    await recordAudit(tx, {
      organizationId,
      actorId: audit.actorId,
      action: audit.action,
      targetType: 'user',
      targetId: row.userId,
      details: { ...who(row), ...audit.details },
    });
    return true;
  });
  return changed;
}

/** Lets a pending member in and tells them by e-mail where to sign in. */
export async function approveUser(
  deps: { database: Database; mailer: Mailer; config: Config },
  organizationId: number,
  actor: Caller,
  userId: number,
) {
  const { database, mailer, config } = deps;
  const row = await target(database, organizationId, userId);
  const ok = await transition(
    database,
    organizationId,
    row,
    'pending_approval',
    { status: 'active', isActive: true, approvedAt: sql`now()`, approvedBy: actor.userId },
    { actorId: actor.userId, action: 'user.approved' },
  );
  if (!ok) throw conflict('User is not pending approval');
  const [org] = await database.db
    .select({ name: organizations.name, shortname: organizations.shortname })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const address = organizationOrigin(config.publicUrl, org.shortname);
  await mailer.send({
    to: row.user.email,
    ...approvalMail(`your membership of ${org.name}`, address, 'get started'),
  });
  return current(database, organizationId, userId);
}

export async function disableUser(
  database: Database,
  organizationId: number,
  actor: Caller,
  userId: number,
  reason: string,
) {
  const row = await otherMember(database, organizationId, actor, userId, {
    owner: 'The organization owner cannot be disabled',
    self: 'You cannot disable your own account',
  });
  const ok = await transition(
    database,
    organizationId,
    row,
    'active',
    {
      status: 'disabled',
      isActive: false,
      disabledAt: sql`now()`,
      disabledBy: actor.userId,
      disabledReason: reason,
    },
    { actorId: actor.userId, action: 'user.disabled', details: { reason } },
    true,
  );
  if (!ok) throw conflict('Only active users can be disabled');
  // Their open pages lose their live connection too, on every instance.
  await disconnectUser(database, userId, organizationId);
  return current(database, organizationId, userId);
}

export async function enableUser(database: Database, organizationId: number, actor: Caller, userId: number) {
  const row = await target(database, organizationId, userId);
  const ok = await transition(
    database,
    organizationId,
    row,
    'disabled',
    { status: 'active', isActive: true, disabledAt: null, disabledBy: null, disabledReason: null },
    { actorId: actor.userId, action: 'user.enabled', details: { previousReason: row.disabledReason } },
  );
  if (!ok) throw conflict('User is not disabled');
  return current(database, organizationId, userId);
}

export async function changeRole(
  database: Database,
  organizationId: number,
  actor: Caller,
  userId: number,
  role: string,
) {
  const row = await otherMember(database, organizationId, actor, userId, {
    owner: "The organization owner's role cannot be changed",
    self: 'You cannot change your own role',
  });
  if (row.role !== role) {
    await database.db.transaction(async (tx) => {
      await tx
        .update(userOrganizations)
        .set({ role })
        .where(
          and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)),
        );
      await recordAudit(tx, {
        organizationId,
        actorId: actor.userId,
        action: 'user.role_changed',
        targetType: 'user',
        targetId: userId,
        details: { ...who(row), from: row.role, to: role },
      });
    });
  }
  return current(database, organizationId, userId);
}

export async function deleteUser(database: Database, organizationId: number, actor: Caller, userId: number) {
  const row = await otherMember(database, organizationId, actor, userId, {
    owner: 'The organization owner cannot be deleted',
    self: 'You cannot delete your own account',
  });
  const outcome = await database.db.transaction(async (tx) => {
    const result = await removeMember(tx, organizationId, userId);
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: 'user.deleted',
      targetType: 'user',
      targetId: userId,
      details: { ...who(row), role: row.role, accountDeleted: result.accountDeleted },
    });
    return result;
  });
  await disconnectUser(database, userId, organizationId);
  return outcome;
}

export async function exportUsersCsv(
  database: Database,
  organizationId: number,
  actor: Caller,
  filter: ListFilter,
): Promise<string> {
  const { rows } = await listMemberships(database, organizationId, filter);
  const header = [
    'Username',
    'Email',
    'First Name',
    'Last Name',
    'Role',
    'Status',
    'Joined',
    'Last Active',
    'Disabled Reason',
  ];
  const lines = rows.map((r) => [
    r.user.username,
    r.user.email,
    r.user.firstName,
    r.user.lastName,
    roleLabel(r.role),
    r.status,
    r.createdAt,
    r.lastActiveAt,
    r.disabledReason,
  ]);
  await recordAudit(database.db, {
    organizationId,
    actorId: actor.userId,
    action: 'users.exported',
    targetType: 'organization',
    targetId: organizationId,
    details: { count: rows.length, filter },
  });
  return csvText([header, ...lines]);
}
