-- Change notices: every edit of an occurrence's name, time or place, and every
-- deletion, is written to event_changes in the same transaction, with who followed it just before
-- (explicit record, else reserver, instructor or member of one of its teams) and
-- who made the change (the calendar sets greenroom.actor_id for its transaction). A worker turns
-- the rows into notices; a deleted occurrence's followers are known only from this snapshot.
CREATE FUNCTION note_calendar_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followers int[];
BEGIN
  IF OLD.end_date_time < now() THEN
    RETURN OLD;
  END IF;
  SELECT coalesce(array_agg(m.user_id ORDER BY m.user_id), '{}') INTO followers
  FROM user_organizations m
  LEFT JOIN calendar_event_followers f
    ON f.event_id = OLD.id AND f.user_id = m.user_id AND f.organization_id = OLD.organization_id
  WHERE m.organization_id = OLD.organization_id AND m.status = 'active'
    AND coalesce(f.is_following,
      OLD.reserved_by = m.user_id OR OLD.instructor_id IS NOT DISTINCT FROM m.user_id OR EXISTS (
        SELECT 1 FROM calendar_event_teams et JOIN team_members tm
          ON tm.team_id = et.team_id AND tm.user_id = m.user_id AND tm.organization_id = OLD.organization_id
        WHERE et.event_id = OLD.id AND et.organization_id = OLD.organization_id));
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
-- BEFORE DELETE: the follow records and team links still exist (they cascade with the row).
-- The function returns OLD, which lets the delete go ahead.
CREATE TRIGGER calendar_events_notice_cancelled BEFORE DELETE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION note_calendar_event_change();
--> statement-breakpoint
CREATE TRIGGER calendar_events_notice_edited AFTER UPDATE ON calendar_events
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.start_date_time IS DISTINCT FROM NEW.start_date_time
    OR OLD.end_date_time IS DISTINCT FROM NEW.end_date_time OR OLD.spaces IS DISTINCT FROM NEW.spaces)
  EXECUTE FUNCTION note_calendar_event_change();
