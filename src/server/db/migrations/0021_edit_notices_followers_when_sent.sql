-- Edit notices name their followers when they are sent, not inside the edit. Looking
-- up each edited date's followers (calendar_event_followers, 0020) was the largest part of the
-- edit trigger, which ran in every edit's answer: 0.3-0.4 ms of PostgreSQL's ~2 ms per "all dates"
-- rename of an 8-date series at 32 connections. The trigger now records what changed with the
-- date's reserver and instructor as they were, follower_ids left null; the notification worker
-- (processChanges), which sends notices within its tick anyway, names the followers of up to 500
-- such rows in one statement by the same rule, as they are then. Deletions still name them at once
-- in their BEFORE DELETE trigger (0020): the follow records and team links go with the row.
ALTER TABLE "event_changes" ALTER COLUMN "follower_ids" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_changes" ADD COLUMN "reserved_by" integer;--> statement-breakpoint
ALTER TABLE "event_changes" ADD COLUMN "instructor_id" integer;--> statement-breakpoint
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
