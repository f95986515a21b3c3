// Members from a spreadsheet: all or nothing per file. Created members are active,
// carry no usable password, and are mailed a link to choose one (a reset token valid 7 days).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../common/permissions';
import type { MemberImportResult } from '../../../common/schemas/imports';
import { organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { teamMembers, userOrganizations, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { reserve } from '../../http/rate-limit';
import { hashPassword } from '../auth';
import { recordAudit } from '../audit';
import type { Mailer } from '../mail';
import { issueResetToken } from '../passwords';
import { decodeUtf8 } from './csv';
import { type PlannedMember, planMembers } from './member-plan';

export const WELCOME_TTL_SECONDS = 7 * 24 * 3600;
// Each preview answers for up to 5,000 addresses, so previews and imports are counted per
// organization and per person: enough to fix a spreadsheet many times over, too few to sweep the platform.
export const MEMBER_IMPORTS = { limit: 30, windowSeconds: 3600 };
const NOT_IMPORTED = 'Not imported: fix the errors in this file first';

type Caller = Actor & { userId: number };
interface Deps {
  database: Database;
  mailer: Mailer;
  config: Config;
}

export async function importMembers(
  deps: Deps,
  organizationId: number,
  actor: Caller,
  file: { data: Buffer; filename: string },
  dryRun: boolean,
): Promise<MemberImportResult> {
  await reserve(deps.database, [
    { key: `member-import:organization:${organizationId}`, rule: MEMBER_IMPORTS },
    { key: `member-import:user:${actor.userId}`, rule: MEMBER_IMPORTS },
  ]);
  const plan = await planMembers(deps.database, organizationId, decodeUtf8(file.data));
  const count = (s: PlannedMember['status']) => plan.filter((r) => r.status === s).length;
  const errors = count('error');
  const toCreate = plan.filter((r) => r.status === 'create');
  const result = (created: number): MemberImportResult => ({
    dryRun,
    created,
    skipped: count('skip'),
    errors,
    rows: plan.map(({ member: _m, ...row }) =>
      row.status === 'create' && errors > 0 && !dryRun ? { ...row, message: NOT_IMPORTED } : row,
    ),
  });
  if (dryRun) return result(toCreate.length);
  if (errors > 0 || toCreate.length === 0) return result(0);

  const ids = await createMembers(deps.database, organizationId, actor, toCreate, {
    filename: file.filename,
    skipped: count('skip'),
  });
  toCreate.forEach((row, i) => {
    row.userId = ids[i];
  });
  await sendWelcomes(deps, organizationId, toCreate);
  return result(toCreate.length);
}

async function createMembers(
  database: Database,
  organizationId: number,
  actor: Caller,
  rows: PlannedMember[],
  about: { filename: string; skipped: number },
) {
  // Nobody knows this password (it is thrown away), so nobody signs in before setting their own;
  // one hash serves the whole file, since hashing thousands would take minutes.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const members = rows.map((r) => r.member!);
  try {
    return await database.db.transaction(async (tx) => {
      const made = await tx
        .insert(users)
        .values(
          members.map((m) => ({
            username: m.username,
            email: m.email,
            password: unusable,
            firstName: m.firstName,
            lastName: m.lastName,
          })),
        )
        .returning({ id: users.id, username: users.username });
      const idOf = new Map(made.map((u) => [u.username, u.id]));
      const ids = members.map((m) => idOf.get(m.username)!);
      await tx.insert(userOrganizations).values(
        members.map((m, i) => ({
          userId: ids[i],
          organizationId,
          role: m.role,
          organizationRoles: m.organizationRoles,
          status: 'active',
          isActive: true,
          approvedAt: sql`now()`,
          approvedBy: actor.userId,
        })),
      );
      const joins = members.flatMap((m, i) =>
        m.teamIds.map((teamId) => ({ organizationId, teamId, userId: ids[i], role: 'member' })),
      );
      if (joins.length) await tx.insert(teamMembers).values(joins);
      await recordAudit(tx, {
        organizationId,
        actorId: actor.userId,
        action: 'users.imported',
        targetType: 'organization',
        targetId: organizationId,
        details: {
          file: about.filename.slice(0, 200),
          created: members.length,
          skipped: about.skipped,
          usernames: members.slice(0, 100).map((m) => m.username),
        },
      });
      return ids;
    });
  } catch (err) {
    // Someone else took an address between the plan and the write.
    if (isUniqueViolation(err)) throw conflict('Username or email already exists');
    throw err;
  }
}

async function sendWelcomes(deps: Deps, organizationId: number, rows: PlannedMember[]) {
  const [org] = await deps.database.query<{ name: string; shortname: string }>(
    'select name, shortname from organizations where id = $1',
    [organizationId],
  );
  const origin = organizationOrigin(deps.config.publicUrl, org.shortname);
  for (const row of rows) {
    const member = row.member!;
    const token = await issueResetToken(deps.database, row.userId!, WELCOME_TTL_SECONDS);
    // The mailer records failures in the outbox and never throws.
    await deps.mailer.send({
      to: member.email,
      subject: `You have been added to ${org.name} on Greenroom`,
      text: [
        `Hello ${member.firstName ?? member.username},`,
        '',
        `${org.name} has added you to Greenroom with the username ${member.username}.`,
        'To choose your password and sign in, open:',
        `${origin}/reset-password?token=${encodeURIComponent(token)}`,
        '',
        'The link works once and expires in 7 days. If it has expired, use "Forgot password" on the sign-in page.',
      ].join('\n'),
    });
  }
}
