// New organizations and joining an existing one. A refused sign-up creates nothing: every check
// runs before the one transaction that writes.
import { and, eq, sql } from 'drizzle-orm';
import type { JoinInput, RegisterOrganizationInput } from '../../../common/schemas/auth';
import { isPermissionRole } from '../../../common/permissions';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { organizations, userOrganizations, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import * as rateLimit from '../../http/rate-limit';
import { hashPassword, usernameOrEmailTaken } from '../auth';

// Generous enough for a computer lab behind one address.
export const SIGNUPS_PER_ADDRESS = { limit: 40, windowSeconds: 3600 };
export const SIGNUPS_PER_EMAIL = { limit: 5, windowSeconds: 3600 };

/** Names that would collide with the product's own addresses. */
const RESERVED = new Set([
  'www',
  'api',
  'app',
  'admin',
  'system',
  'mail',
  'static',
  'assets',
  'public',
  'demo-admin',
]);

export async function shortnameAvailable(database: Database, shortname: string) {
  if (RESERVED.has(shortname)) return false;
  const rows = await database.query('select 1 from organizations where shortname = $1', [shortname]);
  return rows.length === 0;
}

export async function limitSignups(database: Database, clientAddress: string, email: string) {
  await rateLimit.reserve(database, [
    { key: `signup:ip:${clientAddress}`, rule: SIGNUPS_PER_ADDRESS },
    { key: `signup:email:${email.toLowerCase()}`, rule: SIGNUPS_PER_EMAIL },
  ]);
}

async function assertNewUser(database: Database, username: string, email: string) {
  const taken = await usernameOrEmailTaken(database, username, email);
  if (taken.username) throw conflict('Username already exists');
  if (taken.email) throw conflict('Email already exists');
}

/** Checked before the challenge is spent, so a taken name does not cost the visitor a new puzzle. */
export async function assertRegistrationAvailable(database: Database, input: RegisterOrganizationInput) {
  await assertNewUser(database, input.username, input.email);
  if (!(await shortnameAvailable(database, input.organizationShortname))) {
    throw conflict('Organization shortname is not available');
  }
}

/** Writes the organization, its owner and the membership; a race on a name ends in 409. */
export async function registerOrganization(database: Database, input: RegisterOrganizationInput) {
  const password = await hashPassword(input.password);
  try {
    return await database.db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organizations)
        .values({
          name: input.organizationName,
          shortname: input.organizationShortname,
          contactEmail: input.email,
        })
        .returning({ id: organizations.id, name: organizations.name, shortname: organizations.shortname });
      const [user] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email, password })
        .returning({ id: users.id });
      await tx.insert(userOrganizations).values({
        userId: user.id,
        organizationId: org.id,
        role: 'owner',
        status: 'active',
        approvedAt: sql`now()`,
      });
      return { ...org, approvalStatus: 'pending' as const };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username, email or shortname already exists');
    throw err;
  }
}

export async function joinOrganization(database: Database, shortname: string, input: JoinInput) {
  const [org] = await database.db
    .select()
    .from(organizations)
    .where(and(eq(organizations.shortname, shortname), eq(organizations.approvalStatus, 'approved')));
  if (!org) throw notFound('Organization not found');
  if (!org.enablePublicRegistration) {
    throw new AppError(
      403,
      'Registration is not available for this organization. Please contact an administrator.',
    );
  }
  await assertNewUser(database, input.username, input.email);
  const password = await hashPassword(input.password);
  const requiresApproval = org.requireAdminApproval;
  // An organization can only ever have the owner who created it.
  const role =
    isPermissionRole(org.defaultRole) && org.defaultRole !== 'owner' ? org.defaultRole : 'standard_user';
  try {
    const userId = await database.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email, password })
        .returning({ id: users.id });
      await tx.insert(userOrganizations).values({
        userId: user.id,
        organizationId: org.id,
        role,
        status: requiresApproval ? 'pending_approval' : 'active',
        isActive: !requiresApproval,
        approvedAt: requiresApproval ? null : sql`now()`,
      });
      return user.id;
    });
    return { userId, organization: org, requiresApproval };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username or email already exists');
    throw err;
  }
}
