-- The follow rule was written out twice in live functions: the deletion notice
-- (0013) and the edit notice (0019). It is now one function both call, so the two cannot drift.
-- A set-returning SQL function of one SELECT is inlined by the planner where it is called: the
-- edit notice's lateral lookup keeps its plan, by each date's keys, and no call is planned alone.
-- Followers of an occurrence: among the members who can follow it by any rule (reserver,
-- instructor, members of its teams, explicit follow records), the active ones whose own choice
-- says so, else who are its reserver, its instructor or in one of its teams. Empty when none.
CREATE FUNCTION calendar_event_followers(org integer, event integer, reserver integer, instructor integer)
RETURNS TABLE (followers integer[]) LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(m.user_id ORDER BY m.user_id), '{}')
  FROM (
    SELECT reserver AS user_id
    UNION SELECT instructor WHERE instructor IS NOT NULL
    UNION SELECT tm.user_id FROM calendar_event_teams et
      JOIN team_members tm ON tm.team_id = et.team_id AND tm.organization_id = org
      WHERE et.event_id = event AND et.organization_id = org
    UNION SELECT fr.user_id FROM calendar_event_followers fr
      WHERE fr.event_id = event AND fr.organization_id = org AND fr.is_following
  ) c
  JOIN user_organizations m ON m.user_id = c.user_id AND m.organization_id = org
  LEFT JOIN calendar_event_followers f
    ON f.event_id = event AND f.user_id = m.user_id AND f.organization_id = org
  WHERE m.status = 'active'
    AND coalesce(f.is_following,
      reserver = m.user_id OR instructor IS NOT DISTINCT FROM m.user_id OR EXISTS (
        SELECT 1 FROM calendar_event_teams et JOIN team_members tm
          ON tm.team_id = et.team_id AND tm.user_id = m.user_id AND tm.organization_id = org
        WHERE et.event_id = event AND et.organization_id = org))
$$;
--> statement-breakpoint
-- Deletion notices (BEFORE DELETE, per row: the follow records and team links still exist).
CREATE OR REPLACE FUNCTION note_calendar_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followers int[];
BEGIN
  IF OLD.end_date_time < now() THEN
    RETURN OLD;
  END IF;
  SELECT w.followers INTO followers
  FROM calendar_event_followers(OLD.organization_id, OLD.id, OLD.reserved_by, OLD.instructor_id) w;
  IF cardinality(followers) = 0 THEN
    RETURN OLD;
  END IF;
  INSERT INTO event_changes (organization_id, event_id, kind, actor_id, tx, before, after, follower_ids)
  VALUES (
    OLD.organization_id, OLD.id,
    CASE WHEN TG_OP = 'DELETE' THEN 'cancelled' ELSE 'updated' END,
    nullif(current_setting('greenroom.actor_id', true), '')::int,
    txid_current()::text,
    jsonb_build_object('name', OLD.name, 'start', OLD.start_date_time, 'end', OLD.end_date_time, 'spaces', to_jsonb(OLD.spaces)),
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE
      jsonb_build_object('name', NEW.name, 'start', NEW.start_date_time, 'end', NEW.end_date_time, 'spaces', to_jsonb(NEW.spaces)) END,
    followers);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- Edit notices, once per statement over its transition tables (0019), each date's followers by
-- its keys.
CREATE OR REPLACE FUNCTION note_calendar_events_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_changes (organization_id, event_id, kind, actor_id, tx, before, after, follower_ids)
  SELECT o.organization_id, o.id, 'updated',
    nullif(current_setting('greenroom.actor_id', true), '')::int,
    txid_current()::text,
    jsonb_build_object('name', o.name, 'start', o.start_date_time, 'end', o.end_date_time, 'spaces', to_jsonb(o.spaces)),
    jsonb_build_object('name', n.name, 'start', n.start_date_time, 'end', n.end_date_time, 'spaces', to_jsonb(n.spaces)),
    f.followers
  FROM edited_old o
  JOIN edited_new n ON n.id = o.id
  CROSS JOIN LATERAL calendar_event_followers(o.organization_id, o.id, o.reserved_by, o.instructor_id) f
  WHERE o.end_date_time >= now()
    AND (o.name IS DISTINCT FROM n.name OR o.start_date_time IS DISTINCT FROM n.start_date_time
      OR o.end_date_time IS DISTINCT FROM n.end_date_time OR o.spaces IS DISTINCT FROM n.spaces)
    AND cardinality(f.followers) > 0
  ORDER BY o.id;
  RETURN NULL;
END;
$$;
