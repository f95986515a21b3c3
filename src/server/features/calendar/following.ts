// Following (spec part 2 §4, DESIGN §5): an explicit record per occurrence overrides the default
// (reserver, instructor, member of one of the event's teams). 'future' and 'series' reach every
// materialised occurrence; later ones copy the series' latest choice as the horizon grows.
import type { Strategy } from '../../../common/schemas/calendar';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { lineageParts } from './lineage';
import { getEventRow, isFollowingSql } from './queries';
import { calendarTransaction, type Runner } from './sql';
import { EVENT_NOT_FOUND } from './service';

async function targetIds(q: Runner, organizationId: number, eventId: number, strategy: Strategy) {
  const row = await getEventRow(q, organizationId, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  if (!row.seriesId || strategy === 'this') return keep(q, organizationId, [row.id]);
  // Every part of a split series (DESIGN §5): "all dates" and "this and following" reach them all.
  // Locked, so the series is neither rewritten nor grown (copying follow choices) meanwhile.
  const parts = await lineageParts(q, organizationId, row.seriesId, true);
  const rows = await q.query<{ id: number }>(
    `select id from calendar_events where organization_id = $1 and series_id = any($2::int[])
       and ($3::timestamptz is null or start_date_time >= $3) order by start_date_time`,
    [organizationId, parts.map((p) => p.id), strategy === 'future' ? row.start : null],
  );
  return rows.map((r) => r.id);
}

/** The occurrences still there, held until the follow records are written (no delete between). */
async function keep(q: Runner, organizationId: number, ids: number[]) {
  const rows = await q.query<{ id: number }>(
    'select id from calendar_events where organization_id = $1 and id = any($2::int[]) for key share',
    [organizationId, ids],
  );
  if (rows.length === 0) throw notFound(EVENT_NOT_FOUND);
  return rows.map((r) => r.id);
}

/** Effective follow state of the given occurrences for one member. */
async function followingNow(q: Runner, organizationId: number, userId: number, ids: number[]) {
  const rows = await q.query<{ id: number; following: boolean }>(
    `select e.id, ${isFollowingSql('$3')} as following
     from calendar_events e
     left join calendar_event_followers f on f.event_id = e.id and f.user_id = $3 and f.organization_id = $1
     where e.organization_id = $1 and e.id = any($2::int[])`,
    [organizationId, ids, userId],
  );
  return new Map(rows.map((r) => [r.id, r.following]));
}

async function setFollowing(
  q: Runner,
  organizationId: number,
  userId: number,
  ids: number[],
  value: boolean,
) {
  await q.query(
    `insert into calendar_event_followers (organization_id, event_id, user_id, is_following)
     select $1, id, $2, $3 from unnest($4::int[]) as t(id)
     on conflict (event_id, user_id) do update set is_following = excluded.is_following`,
    [organizationId, userId, value, ids],
  );
}

/** Sets the caller's follow record on the occurrences a strategy names; what each followed before. */
function setFollowingFor(
  database: Database,
  organizationId: number,
  userId: number,
  eventId: number,
  strategy: Strategy,
  value: boolean,
) {
  return calendarTransaction(database, async (q) => {
    const ids = await targetIds(q, organizationId, eventId, strategy);
    const before = await followingNow(q, organizationId, userId, ids);
    await setFollowing(q, organizationId, userId, ids, value);
    return ids.map((id) => Boolean(before.get(id)));
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
