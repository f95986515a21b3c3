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

CREATE OR REPLACE TRIGGER calendar_events_notice_cancelled BEFORE DELETE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION note_calendar_event_change();
