-- Edit notices: every statement that changes the name, times or spaces of occurrences that have
-- not ended records each such edit once, in one INSERT … SELECT over the statement's transition
-- tables, with the date's reserver and instructor as they were and who made it (greenroom.actor_id).
-- Its followers are left null: naming them here was the largest part of every edit's answer, so
-- the notification worker (processChanges) names them when it sends the notice, by the follow
-- rule as it stands then. Deletions name them at once (note_calendar_event_change).
CREATE OR REPLACE FUNCTION note_calendar_events_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_changes (organization_id, event_id, kind, actor_id, tx, before, after,
    reserved_by, instructor_id)
  SELECT o.organization_id, o.id, 'updated',
    nullif(current_setting('greenroom.actor_id', true), '')::int,
    txid_current()::text,
    jsonb_build_object('name', o.name, 'start', o.start_date_time, 'end', o.end_date_time, 'spaces', to_jsonb(o.spaces)),
    jsonb_build_object('name', n.name, 'start', n.start_date_time, 'end', n.end_date_time, 'spaces', to_jsonb(n.spaces)),
    o.reserved_by, o.instructor_id
  FROM edited_old o
  JOIN edited_new n ON n.id = o.id
  WHERE o.end_date_time >= now()
    AND (o.name IS DISTINCT FROM n.name OR o.start_date_time IS DISTINCT FROM n.start_date_time
      OR o.end_date_time IS DISTINCT FROM n.end_date_time OR o.spaces IS DISTINCT FROM n.spaces)
  ORDER BY o.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER calendar_events_notice_edited AFTER UPDATE ON calendar_events
  REFERENCING OLD TABLE AS edited_old NEW TABLE AS edited_new
  FOR EACH STATEMENT EXECUTE FUNCTION note_calendar_events_edited();
