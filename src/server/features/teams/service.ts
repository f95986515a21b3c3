// Team changes. Every check runs before the one transaction that writes, so a refused request
// leaves nothing half-made; uploaded bytes are stored first and removed again if the write fails.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  addLinkSchema,
  addMemberSchema,
  createTeamSchema,
  updateTeamSchema,
} from '../../../common/schemas/teams';
import type { TeamRole } from '../../../common/teams';
import type { TeamMember } from '../../../common/schemas/teams';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { sameText } from '../../db/like';
import { storedFiles, teamAssets, teamLinks, teamMembers, teams } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/upload';
import { deleteFile, fileIdFromUrl, storeFile, storeImage } from '../files';
import { TEAM_IMAGE_OUTPUT_WIDTH } from '../../../common/teams';
import {
  activeMemberIds,
  getTeam,
  insertMember,
  rememberFormerHandle,
  teamAsset,
  teamMember,
  toAsset,
  toTeam,
  toTeamMember,
  updateFields,
} from './queries';

export const HANDLE_TAKEN = 'A team with this handle already exists';
export const NOT_ACTIVE_MEMBERS = 'Team members must be active members of this organization';

async function handleTaken(
  database: Database,
  organizationId: number,
  handle: string,
  exceptTeamId?: number,
) {
  const rows = await database.db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, organizationId),
        sameText(teams.handle, handle),
        ne(teams.id, exceptTeamId ?? 0),
      ),
    );
  return rows.length > 0;
}

/** Turns the unique index's refusal (two requests racing for one handle) into the same 409. */
async function onHandleRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(HANDLE_TAKEN);
    throw err;
  }
}

export async function createTeam(
  database: Database,
  organizationId: number,
  input: z.output<typeof createTeamSchema>,
) {
  const memberIds = [...new Set(input.memberIds)];
  const active = await activeMemberIds(database, organizationId, memberIds);
  if (memberIds.some((id) => !active.has(id))) throw badRequest(NOT_ACTIVE_MEMBERS);
  if (await handleTaken(database, organizationId, input.handle)) throw conflict(HANDLE_TAKEN);
  const teamId = await onHandleRace(() =>
    database.db.transaction(async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({
          organizationId,
          name: input.name,
          description: input.description,
          handle: input.handle,
          teamUrl: input.teamUrl,
        })
        .returning({ id: teams.id });
      if (memberIds.length > 0) {
        await tx
          .insert(teamMembers)
          .values(memberIds.map((userId) => ({ organizationId, teamId: team.id, userId, role: 'member' })));
      }
      return team.id;
    }),
  );
  return (await getTeam(database, organizationId, teamId))!;
}

export async function updateTeam(
  database: Database,
  organizationId: number,
  teamId: number,
  input: z.output<typeof updateTeamSchema>,
) {
  if (input.handle === undefined) return updateTeamFields(database, organizationId, teamId, input);
  if (await handleTaken(database, organizationId, input.handle, teamId)) throw conflict(HANDLE_TAKEN);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await onHandleRace(() =>
    database.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ handle: teams.handle })
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
        .for('update');
      await tx
        .update(teams)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)));
      if (before && before.handle.toLowerCase() !== input.handle!.toLowerCase())
        await rememberFormerHandle(tx, organizationId, teamId, before.handle, input.handle!);
    }),
  );
  return (await getTeam(database, organizationId, teamId))!;
}

/** An edit that keeps the handle (updateFields: one statement). */
async function updateTeamFields(
  database: Database,
  organizationId: number,
  teamId: number,
  input: z.output<typeof updateTeamSchema>,
) {
  const row = await updateFields(database, organizationId, teamId, input);
  if (!row) throw notFound('Team not found');
  return toTeam(row);
}

export async function setArchived(
  database: Database,
  organizationId: number,
  teamId: number,
  archived: boolean,
) {
  await database.db
    .update(teams)
    .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)));
  return (await getTeam(database, organizationId, teamId))!;
}

/** Deletes the team with its members, links and assets, and the stored bytes they pointed to. */
export async function deleteTeam(database: Database, organizationId: number, teamId: number) {
  await database.db.transaction(async (tx) => {
    const assets = await tx
      .select({ fileId: teamAssets.fileId })
      .from(teamAssets)
      .where(and(eq(teamAssets.organizationId, organizationId), eq(teamAssets.teamId, teamId)));
    const [team] = await tx
      .delete(teams)
      .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
      .returning({ headerImage: teams.headerImage });
    if (!team) throw notFound('Team not found');
    const fileIds = [fileIdFromUrl(team.headerImage), ...assets.map((a) => a.fileId)].filter(
      (id): id is number => id !== null,
    );
    for (const id of fileIds) {
      await tx
        .delete(storedFiles)
        .where(and(eq(storedFiles.id, id), eq(storedFiles.organizationId, organizationId)));
    }
  });
}

export const ALREADY_MEMBER = 'This user is already a member of the team';

/** Adds an active member of the organization, once (insertMember: one statement). */
export async function addMember(
  database: Database,
  organizationId: number,
  teamId: number,
  input: z.output<typeof addMemberSchema>,
): Promise<TeamMember> {
  const row = await insertMember(database, organizationId, teamId, input.userId, input.role);
  if (!row.status) throw notFound('User not found');
  if (row.status !== 'active') throw badRequest('Only active members of the organization can join a team');
  if (!row.member) throw conflict(ALREADY_MEMBER);
  return toTeamMember(row.member);
}

const memberWhere = (organizationId: number, teamId: number, userId: number) =>
  and(
    eq(teamMembers.organizationId, organizationId),
    eq(teamMembers.teamId, teamId),
    eq(teamMembers.userId, userId),
  );

export async function removeMember(
  database: Database,
  organizationId: number,
  teamId: number,
  userId: number,
  actorUserId: number,
) {
  if (userId === actorUserId) throw badRequest('You cannot remove yourself from the team');
  const removed = await database.db
    .delete(teamMembers)
    .where(memberWhere(organizationId, teamId, userId))
    .returning({ id: teamMembers.id });
  if (removed.length === 0) throw notFound('Member not found');
}

export async function setMemberRole(
  database: Database,
  organizationId: number,
  teamId: number,
  userId: number,
  role: TeamRole,
) {
  const updated = await database.db
    .update(teamMembers)
    .set({ role })
    .where(memberWhere(organizationId, teamId, userId))
    .returning({ id: teamMembers.id });
  if (updated.length === 0) throw notFound('Member not found');
  return (await teamMember(database, organizationId, teamId, userId))!;
}

export async function addLink(
  database: Database,
  organizationId: number,
  teamId: number,
  input: z.output<typeof addLinkSchema>,
) {
  const [link] = await database.db
    .insert(teamLinks)
    .values({ organizationId, teamId, url: input.url, label: input.label })
    .returning();
  return {
    id: link.id,
    teamId: link.teamId,
    url: link.url,
    label: link.label,
    createdAt: link.createdAt.toISOString(),
  };
}

export async function deleteLink(database: Database, organizationId: number, teamId: number, linkId: number) {
  const removed = await database.db
    .delete(teamLinks)
    .where(
      and(
        eq(teamLinks.organizationId, organizationId),
        eq(teamLinks.teamId, teamId),
        eq(teamLinks.id, linkId),
      ),
    )
    .returning({ id: teamLinks.id });
  if (removed.length === 0) throw notFound('Link not found');
}

/**
 * Stores the new header (decoded by content, re-encoded, at most 800 px wide), points the team
 * at it, then drops the bytes of the one it replaced.
 */
export async function setHeaderImage(
  database: Database,
  organizationId: number,
  teamId: number,
  image: Buffer,
  createdBy: number,
) {
  const stored = await storeImage(database, image, {
    organizationId,
    createdBy,
    maxWidth: TEAM_IMAGE_OUTPUT_WIDTH,
  });
  const previous = await swapHeaderImage(database, organizationId, teamId, stored.url).catch(async (err) => {
    await deleteFile(database, stored.id);
    throw err;
  });
  const oldId = fileIdFromUrl(previous);
  if (oldId !== null) await deleteFile(database, oldId);
  return { headerImage: stored.url };
}

export async function removeHeaderImage(database: Database, organizationId: number, teamId: number) {
  const previous = await swapHeaderImage(database, organizationId, teamId, null);
  const oldId = fileIdFromUrl(previous);
  if (oldId !== null) await deleteFile(database, oldId);
  return { headerImage: null };
}

/** Sets the header and returns the one it replaced; the row lock keeps two uploads from racing. */
async function swapHeaderImage(
  database: Database,
  organizationId: number,
  teamId: number,
  url: string | null,
) {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ headerImage: teams.headerImage })
      .from(teams)
      .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
      .for('update');
    if (!row) throw notFound('Team not found');
    await tx
      .update(teams)
      .set({ headerImage: url, updatedAt: sql`now()` })
      .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)));
    return row.headerImage;
  });
}

/** A file name safe to show and to put in a header: no folders, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const visible = [...base].filter((c) => {
    const code = c.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  const cleaned = visible.join('').trim().slice(0, 255);
  return cleaned || 'file';
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export async function addAsset(
  database: Database,
  organizationId: number,
  teamId: number,
  file: UploadedFile,
  uploadedBy: number,
) {
  if (file.data.length === 0) throw badRequest('Please choose a file');
  const stored = await storeFile(database, file.data, { organizationId, createdBy: uploadedBy });
  const originalName = cleanFileName(file.filename);
  try {
    const [row] = await database.db
      .insert(teamAssets)
      .values({
        organizationId,
        teamId,
        fileId: stored.id,
        fileName: `${stored.id}-${originalName}`,
        originalName,
        filePath: stored.url,
        fileSize: stored.byteSize,
        // Shown as text only; downloads always go out as an attachment of unknown type.
        mimeType: MIME.test(file.mimetype) ? file.mimetype.toLowerCase() : 'application/octet-stream',
        uploadedBy,
      })
      .returning();
    return toAsset({ ...row, createdAt: row.createdAt });
  } catch (err) {
    await deleteFile(database, stored.id);
    throw err;
  }
}

export async function deleteAsset(
  database: Database,
  organizationId: number,
  teamId: number,
  assetId: number,
) {
  const found = await teamAsset(database, organizationId, teamId, assetId);
  if (!found) throw notFound('Asset not found');
  await database.db
    .delete(teamAssets)
    .where(
      and(
        eq(teamAssets.organizationId, organizationId),
        eq(teamAssets.teamId, teamId),
        eq(teamAssets.id, assetId),
      ),
    );
  if (found.fileId !== null) await deleteFile(database, found.fileId);
}
