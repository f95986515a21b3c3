// Following: an explicit record per occurrence overrides the default
// (reserver, instructor, member of one of the event's teams). 'future' and 'series' reach every
// materialised occurrence; later ones copy the series' latest choice as the horizon grows.
import type { Strategy } from '../../../../common/calendar';
import { announcedStatement } from '../../../db/change-feed';
import type { Database } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { lineageParts } from '../series/lineage';
import { getEventRow, isFollowingSql } from '../events/queries';
import { calendarTransaction, FOLLOWS_WRITTEN, type Runner } from '../sql';
import { EVENT_NOT_FOUND } from '../service';

/** Every occurrence "this and following" or "all dates" reaches, its series held meanwhile. */
async function seriesTargets(q: Runner, organizationId: number, eventId: number, strategy: Strategy) {
  const row = await getEventRow(q, organizationId, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  if (!row.seriesId) return [row.id];
  // Every part of a split series: "all dates" and "this and following" reach them all.
  // Locked, so the series is neither rewritten nor grown (copying follow choices) meanwhile.
  const parts = await lineageParts(q, organizationId, row.seriesId, true);
  const rows = await q.query<{ id: number }>(
    `select id from calendar_events where organization_id = $1 and series_id = any($2::int[])
       and ($3::timestamptz is null or start_date_time >= $3) order by start_date_time`,
    [organizationId, parts.map((p) => p.id), strategy === 'future' ? row.start : null],
  );
  return rows.map((r) => r.id);
}

/**
 * The statement that sets one member's follow record on the given occurrences and answers, for
 * each, whether they followed it before (explicitly or by default). The occurrences are held
 * (`for key share`) until the records are written, so none is deleted in between. `alsoFrom`:
 * more FROM items for the insert (the announcement, when the statement is its own transaction).
 */
const writeFollowingSql = (alsoFrom: string) =>
  `with held as (
     select id from calendar_events where organization_id = $1 and id = any($2::int[]) for key share),
   before as (
     select e.id, ${isFollowingSql('$3')} as following
     from calendar_events e join held on held.id = e.id
     left join calendar_event_followers f on f.event_id = e.id and f.user_id = $3 and f.organization_id = $1),
   written as (
     insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
     select $1, held.id, $3, $4 from held${alsoFrom}
     on conflict (organization_id, event_id, user_id) do update set is_following = excluded.is_following)
   select id, following from before`;

/** What each occurrence's follow state was before the statement (writeFollowingSql); none there: 404. */
function followedBefore(rows: { id: number; following: boolean }[]) {
  if (rows.length === 0) throw notFound(EVENT_NOT_FOUND);
  return rows.map((r) => r.following);
}

/**
 * Sets the caller's follow record on the occurrences a strategy names; what each followed before.
 * One occurrence is one announced statement; a series' occurrences are one transaction.
 */
async function setFollowingFor(
  database: Database,
  organizationId: number,
  userId: number,
  eventId: number,
  strategy: Strategy,
  value: boolean,
) {
  if (strategy === 'this')
    return followedBefore(
      await announcedStatement<{ id: number; following: boolean }>(
        database,
        organizationId,
        FOLLOWS_WRITTEN,
        (announcing) => writeFollowingSql(`, ${announcing}`),
        [organizationId, [eventId], userId, value],
      ),
    );
  return calendarTransaction(database, organizationId, FOLLOWS_WRITTEN, async (q) => {
    const ids = await seriesTargets(q, organizationId, eventId, strategy);
    return followedBefore(
      await q.query<{ id: number; following: boolean }>(writeFollowingSql(''), [
        organizationId,
        ids,
        userId,
        value,
      ]),
    );
  });
}

/** followedCount: occurrences that were not followed (explicitly or by default) and now are. */
export async function follow(
  database: Database,
  organizationId: number,
  userId: number,
  eventId: number,
  strategy: Strategy,
) {
  const before = await setFollowingFor(database, organizationId, userId, eventId, strategy, true);
  return { eventId, isFollowing: true, followedCount: before.filter((was) => !was).length };
}

/** unfollowedCount: occurrences that were followed (explicitly or by default) and no longer are. */
export async function unfollow(
  database: Database,
  organizationId: number,
  userId: number,
  eventId: number,
  strategy: Strategy,
) {
  const before = await setFollowingFor(database, organizationId, userId, eventId, strategy, false);
  return { eventId, isFollowing: false, unfollowedCount: before.filter(Boolean).length };
}

/**
 * { eventId, isFollowing } for occurrences in the range that have an explicit record or that the
 * default rule follows; an occurrence not listed is not followed.
 */
export async function followedEvents(
  database: Database,
  organizationId: number,
  userId: number,
  from: Date,
  to: Date,
) {
  return database.query<{ eventId: number; isFollowing: boolean }>(
    `select e.id as "eventId", ${isFollowingSql('$2')} as "isFollowing"
     from calendar_events e
     left join calendar_event_followers f on f.event_id = e.id and f.user_id = $2 and f.organization_id = $1
     where e.organization_id = $1 and e.start_date_time < $4 and e.end_date_time > $3
       and (f.id is not null or ${isFollowingSql('$2')})
     order by e.start_date_time, e.id`,
    [organizationId, userId, from, to],
  );
}
