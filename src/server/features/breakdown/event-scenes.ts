// The scenes a rehearsal works: checked against the event's teams, written per date, and read back
// with their people for the event's details, its calls and the call sheet.
import type { Database, Runner } from '../../db/client';
import { badRequest } from '../../http/errors';
import { type Writer, writerCheck } from '../../http/session';
import { type EventScene, scenesOfEvents } from './queries';

export const SCENES_NOT_OF_TEAMS = "Scenes must be scenes of the event's teams";

/** 400 unless every scene belongs to one of the teams (the event's, as it will be saved). */
export async function checkEventScenes(
  q: Runner,
  organizationId: number,
  teamIds: readonly number[],
  sceneIds: readonly number[],
) {
  if (sceneIds.length === 0) return;
  const rows = await q.query<{ id: number }>(
    `select id from production_scenes
     where organization_id = $1 and team_id = any($2::int[]) and id = any($3::int[])`,
    [organizationId, teamIds, sceneIds],
  );
  if (rows.length !== new Set(sceneIds).size)
    throw badRequest(SCENES_NOT_OF_TEAMS, { sceneIds: SCENES_NOT_OF_TEAMS });
}

/** The teams an existing event has now, for an edit that names scenes but not teams. */
export async function teamsOfEvent(q: Runner, organizationId: number, eventId: number): Promise<number[]> {
  const rows = await q.query<{ teamId: number }>(
    'select team_id as "teamId" from calendar_event_teams where organization_id = $1 and event_id = $2',
    [organizationId, eventId],
  );
  return rows.map((r) => r.teamId);
}

/**
 * Sets the scenes of the dates `eventIds` (a one-off event, or the dates of a series an edit
 * reached), leaving scenes of teams the event no longer has behind nowhere.
 */
export async function setEventScenes(
  database: Database,
  organizationId: number,
  eventIds: readonly number[],
  sceneIds: readonly number[],
  writer: Writer,
) {
  if (eventIds.length === 0) return;
  await database.transaction(async (q) => {
    await q.query(
      `delete from calendar_event_scenes
       where organization_id = $1 and event_id = any($2::int[]) and scene_id <> all($3::int[])`,
      [organizationId, eventIds, sceneIds],
    );
    await q.query(
      `insert into calendar_event_scenes (organization_id, event_id, scene_id)
       select $1, e, s from unnest($2::int[]) as e cross join unnest($3::int[]) as s
       on conflict do nothing`,
      [organizationId, eventIds, sceneIds],
    );
  }, writerCheck(writer));
}

/**
 * The dates an event write reached: the one date, or for a series edit (all dates, or this and
 * following) the series' dates from the first one the edit touched.
 */
export async function datesReached(
  database: Database,
  organizationId: number,
  event: { id: number; seriesId?: number | null },
  strategy: 'this' | 'future' | 'series' | 'create',
): Promise<number[]> {
  if (!event.seriesId || strategy === 'this') return [event.id];
  const rows = await database.query<{ id: number }>(
    `select e.id from calendar_events e
     where e.organization_id = $1 and e.series_id = $2
       and ($3::boolean or e.start_date_time >= (select start_date_time from calendar_events where id = $4))`,
    [organizationId, event.seriesId, strategy !== 'future', event.id],
  );
  return rows.map((r) => r.id);
}

export interface SceneView {
  id: number;
  name: string;
  people: EventScene['people'];
}

/** The scenes of one date, with each scene's people and the characters they play in it. */
export async function scenesOfEvent(
  q: Runner,
  organizationId: number,
  eventId: number,
): Promise<SceneView[]> {
  return (await scenesOfEvents(q, organizationId, [eventId])).map(({ eventId: _, ...scene }) => scene);
}
