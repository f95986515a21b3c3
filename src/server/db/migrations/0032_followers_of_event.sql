-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it
-- again rather than changing this migration.
-- Defined again: followers_of_event, note_calendar_event_change.
-- Dropped, having no file: calendar_event_followers.

-- The follow rule, in SQL: the members following an occurrence now (its explicit follow records
-- are the table calendar_event_followers). Among the members who can follow it by any rule
-- (reserver, instructor, members of its teams, explicit follow records), the active ones whose
-- own choice says so, else who are its reserver, its instructor or in one of its teams. Empty
-- when none. The calendar states the same rule in TypeScript (isFollowingSql); a change to the
-- rule must be made in both places (follow-snapshot.test.ts holds them together).
-- A set-returning SQL function of one SELECT is inlined by the planner where it is called, so a
-- lateral call keeps its plan by each date's keys and no call is planned alone.
CREATE OR REPLACE FUNCTION followers_of_event(org integer, event integer, reserver integer, instructor integer)
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
-- Cancellation notices: deleting an occurrence that has not ended records, in the same
-- transaction, who followed it just before and who deleted it (the calendar sets
-- greenroom.actor_id for its transaction); the notification worker turns the row into notices.
-- It runs per row BEFORE the delete, while the follow records and team links it reads still exist
-- (they cascade with the row); returning OLD lets the delete go ahead. Edits are recorded by
-- note_calendar_events_edited.
CREATE OR REPLACE FUNCTION note_calendar_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followers int[];
BEGIN
  IF OLD.end_date_time < now() THEN
    RETURN OLD;
  END IF;
  SELECT w.followers INTO followers
  FROM followers_of_event(OLD.organization_id, OLD.id, OLD.reserved_by, OLD.instructor_id) w;
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
CREATE OR REPLACE TRIGGER calendar_events_notice_cancelled BEFORE DELETE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION note_calendar_event_change();
--> statement-breakpoint
DROP FUNCTION calendar_event_followers(org integer, event integer, reserver integer, instructor integer);
