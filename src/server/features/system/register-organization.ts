// 'Organization Registration': a system user creates an approved organization
// and its owner in one step. The owner has no usable password until they choose one through a
// set-password link built on the password-reset tokens, valid longer than a reset's hour.
import { randomBytes } from 'node:crypto';
import type { SystemRegisterOrganizationInput } from '../../../common/schemas/system';
import { organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { organizations, userOrganizations, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { recordAudit } from '../audit';
import { hashPassword, usernameOrEmailTaken } from '../auth';
import type { Mailer } from '../mail';
import { issueResetToken } from '../passwords';
import { shortnameAvailable } from '../registration';

/** Seven days: an invitation is read later than a reset the person asked for themselves. */
export const SET_PASSWORD_TTL_SECONDS = 7 * 24 * 3600;

export async function registerApprovedOrganization(
  deps: { database: Database; mailer: Mailer; config: Config },
  actorId: number,
  input: SystemRegisterOrganizationInput,
) {
  const { database, mailer, config } = deps;
  const taken = await usernameOrEmailTaken(database, input.ownerUsername, input.ownerEmail);
  if (taken.username) throw conflict('Username already exists');
  if (taken.email) throw conflict('Email already exists');
  if (!(await shortnameAvailable(database, input.organizationShortname))) {
    throw conflict('Organization shortname is not available');
  }
  // Nobody knows this password; the owner sets their own through the mailed link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  let created: { id: number; name: string; shortname: string; ownerId: number };
  try {
    created = await database.db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organizations)
        .values({
          name: input.organizationName,
          shortname: input.organizationShortname,
          contactEmail: input.ownerEmail,
          approvalStatus: 'approved',
          approvedAt: new Date(),
          approvedBy: actorId,
        })
        .returning({ id: organizations.id, name: organizations.name, shortname: organizations.shortname });
      const [owner] = await tx
        .insert(users)
        .values({
          username: input.ownerUsername,
          email: input.ownerEmail,
          password: unusable,
          firstName: input.ownerFirstName || null,
          lastName: input.ownerLastName || null,
        })
        .returning({ id: users.id });
      await tx.insert(userOrganizations).values({
        userId: owner.id,
        organizationId: org.id,
        role: 'owner',
        status: 'active',
        approvedAt: new Date(),
        approvedBy: actorId,
      });
      await recordAudit(tx, {
        organizationId: org.id,
        actorId,
        action: 'organization.registered',
        targetType: 'organization',
        targetId: org.id,
        details: { owner: input.ownerUsername },
      });
      return { ...org, ownerId: owner.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username, email or shortname already exists');
    throw err;
  }
  const token = await issueResetToken(database, created.ownerId, SET_PASSWORD_TTL_SECONDS);
  const origin = organizationOrigin(config.publicUrl, created.shortname);
  await mailer.send({
    to: input.ownerEmail,
    subject: `Your Greenroom organization ${created.name} is ready`,
    text: [
      `Hello ${input.ownerUsername},`,
      '',
      `A Greenroom administrator has created ${created.name} for you, with you as its owner.`,
      'Choose your password here (the link works once and expires in seven days):',
      `${origin}/reset-password?token=${encodeURIComponent(token)}`,
      '',
      `Then sign in at ${origin}/login with the username ${input.ownerUsername}.`,
    ].join('\n'),
  });
  return {
    id: created.id,
    name: created.name,
    shortname: created.shortname,
    approvalStatus: 'approved' as const,
    owner: { id: created.ownerId, username: input.ownerUsername, email: input.ownerEmail },
  };
}
