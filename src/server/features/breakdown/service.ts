// Writes to a team's breakdown: characters with their cast, scenes with their characters.
// Every statement names the organization and the team, so an id of another team changes nothing.
import type { z } from 'zod';
import type {
  Character,
  characterCreateSchema,
  characterPatchSchema,
  Scene,
  sceneCreateSchema,
  scenePatchSchema,
} from '../../../common/schemas/breakdown';
import type { Database, Runner } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { activeMembers, idsOfTeam, readBreakdown } from './queries';

export const CHARACTER_NOT_FOUND = 'Character not found';
export const SCENE_NOT_FOUND = 'Scene not found';
const CAST_NOT_ACTIVE = 'The cast must be active members of the organization';
const CHARACTERS_NOT_IN_TEAM = "Characters must be this team's characters";
const CHARACTER_TAKEN = 'This team already has a character with that name';
const SCENE_TAKEN = 'This team already has a scene with that name';

interface TeamRef {
  organizationId: number;
  teamId: number;
}

type Table = 'production_characters' | 'production_scenes';

async function uniqueName<T>(taken: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(taken, undefined);
    throw err;
  }
}

async function checkCast(q: Runner, organizationId: number, memberIds: number[] | undefined) {
  if (!memberIds?.length) return;
  const active = await activeMembers(q, organizationId, memberIds);
  if (memberIds.some((id) => !active.has(id)))
    throw badRequest(CAST_NOT_ACTIVE, { memberIds: CAST_NOT_ACTIVE });
}

async function checkCharacters(q: Runner, ref: TeamRef, characterIds: number[] | undefined) {
  if (!characterIds?.length) return;
  const own = await idsOfTeam(q, 'production_characters', ref.organizationId, ref.teamId, characterIds);
  if (characterIds.some((id) => !own.has(id)))
    throw badRequest(CHARACTERS_NOT_IN_TEAM, { characterIds: CHARACTERS_NOT_IN_TEAM });
}

const nextPosition = (table: Table) =>
  `coalesce((select max(position) + 1 from ${table} where organization_id = $1 and team_id = $2), 0)`;

/** Moves one row to `position` among its team's rows, renumbering the rest without gaps. */
async function reorder(q: Runner, table: Table, ref: TeamRef, id: number, position: number) {
  const rows = await q.query<{ id: number }>(
    `select id from ${table} where organization_id = $1 and team_id = $2 order by position, id for update`,
    [ref.organizationId, ref.teamId],
  );
  const ids = rows.map((r) => r.id).filter((r) => r !== id);
  ids.splice(Math.min(position, ids.length), 0, id);
  await q.query(
    `update ${table} t set position = o.n - 1
     from unnest($3::int[]) with ordinality as o(id, n)
     where t.organization_id = $1 and t.team_id = $2 and t.id = o.id`,
    [ref.organizationId, ref.teamId, ids],
  );
}

async function setCast(q: Runner, organizationId: number, characterId: number, memberIds: number[]) {
  await q.query(
    'delete from production_character_cast where organization_id = $1 and character_id = $2 and user_id <> all($3::int[])',
    [organizationId, characterId, memberIds],
  );
  await q.query(
    `insert into production_character_cast (organization_id, character_id, user_id)
     select $1, $2, u from unnest($3::int[]) as u on conflict do nothing`,
    [organizationId, characterId, memberIds],
  );
}

async function setSceneCharacters(
  q: Runner,
  organizationId: number,
  sceneId: number,
  characterIds: number[],
) {
  await q.query(
    'delete from production_scene_characters where organization_id = $1 and scene_id = $2 and character_id <> all($3::int[])',
    [organizationId, sceneId, characterIds],
  );
  await q.query(
    `insert into production_scene_characters (organization_id, scene_id, character_id)
     select $1, $2, c from unnest($3::int[]) as c on conflict do nothing`,
    [organizationId, sceneId, characterIds],
  );
}

async function ensureRow(q: Runner, table: Table, ref: TeamRef, id: number, missing: string) {
  const rows = await q.query(
    `select 1 from ${table} where organization_id = $1 and team_id = $2 and id = $3 for update`,
    [ref.organizationId, ref.teamId, id],
  );
  if (rows.length === 0) throw notFound(missing);
}

async function characterOf(q: Runner, ref: TeamRef, id: number): Promise<Character> {
  const found = (await readBreakdown(q, ref.organizationId, ref.teamId)).characters.find((c) => c.id === id);
  if (!found) throw notFound(CHARACTER_NOT_FOUND);
  return found;
}

async function sceneOf(q: Runner, ref: TeamRef, id: number): Promise<Scene> {
  const found = (await readBreakdown(q, ref.organizationId, ref.teamId)).scenes.find((s) => s.id === id);
  if (!found) throw notFound(SCENE_NOT_FOUND);
  return found;
}

export function createCharacter(
  database: Database,
  ref: TeamRef,
  input: z.output<typeof characterCreateSchema>,
) {
  return uniqueName(CHARACTER_TAKEN, () =>
    database.transaction(async (q) => {
      await checkCast(q, ref.organizationId, input.memberIds);
      const [row] = await q.query<{ id: number }>(
        `insert into production_characters (organization_id, team_id, name, position)
         values ($1, $2, $3, ${nextPosition('production_characters')}) returning id`,
        [ref.organizationId, ref.teamId, input.name],
      );
      if (input.memberIds?.length) await setCast(q, ref.organizationId, row.id, input.memberIds);
      return characterOf(q, ref, row.id);
    }),
  );
}

export function updateCharacter(
  database: Database,
  ref: TeamRef,
  id: number,
  patch: z.output<typeof characterPatchSchema>,
) {
  return uniqueName(CHARACTER_TAKEN, () =>
    database.transaction(async (q) => {
      await ensureRow(q, 'production_characters', ref, id, CHARACTER_NOT_FOUND);
      await checkCast(q, ref.organizationId, patch.memberIds);
      if (patch.name !== undefined)
        await q.query('update production_characters set name = $3 where organization_id = $1 and id = $2', [
          ref.organizationId,
          id,
          patch.name,
        ]);
      if (patch.memberIds) await setCast(q, ref.organizationId, id, patch.memberIds);
      if (patch.position !== undefined) await reorder(q, 'production_characters', ref, id, patch.position);
      return characterOf(q, ref, id);
    }),
  );
}

export function createScene(database: Database, ref: TeamRef, input: z.output<typeof sceneCreateSchema>) {
  return uniqueName(SCENE_TAKEN, () =>
    database.transaction(async (q) => {
      await checkCharacters(q, ref, input.characterIds);
      const [row] = await q.query<{ id: number }>(
        `insert into production_scenes (organization_id, team_id, name, act, pages, position)
         values ($1, $2, $3, $4, $5, ${nextPosition('production_scenes')}) returning id`,
        [ref.organizationId, ref.teamId, input.name, input.act ?? null, input.pages ?? null],
      );
      if (input.characterIds?.length)
        await setSceneCharacters(q, ref.organizationId, row.id, input.characterIds);
      return sceneOf(q, ref, row.id);
    }),
  );
}

export function updateScene(
  database: Database,
  ref: TeamRef,
  id: number,
  patch: z.output<typeof scenePatchSchema>,
) {
  return uniqueName(SCENE_TAKEN, () =>
    database.transaction(async (q) => {
      await ensureRow(q, 'production_scenes', ref, id, SCENE_NOT_FOUND);
      await checkCharacters(q, ref, patch.characterIds);
      await q.query(
        `update production_scenes set name = coalesce($3, name),
           act = case when $4 then $5 else act end, pages = case when $6 then $7::int else pages end
         where organization_id = $1 and id = $2`,
        [
          ref.organizationId,
          id,
          patch.name ?? null,
          patch.act !== undefined,
          patch.act ?? null,
          patch.pages !== undefined,
          patch.pages ?? null,
        ],
      );
      if (patch.characterIds) await setSceneCharacters(q, ref.organizationId, id, patch.characterIds);
      if (patch.position !== undefined) await reorder(q, 'production_scenes', ref, id, patch.position);
      return sceneOf(q, ref, id);
    }),
  );
}

export async function deleteRow(database: Database, table: Table, ref: TeamRef, id: number) {
  const rows = await database.query(
    `delete from ${table} where organization_id = $1 and team_id = $2 and id = $3 returning id`,
    [ref.organizationId, ref.teamId, id],
  );
  if (rows.length === 0)
    throw notFound(table === 'production_scenes' ? SCENE_NOT_FOUND : CHARACTER_NOT_FOUND);
}
