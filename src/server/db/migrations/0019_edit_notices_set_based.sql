-- Change notices for edits (0005, 0013) are written once per statement instead of once per row.
-- The row trigger ran its follower lookup and its insert as two statements per edited
-- date, each started and ended by the executor: an 8-date rename of a series spent 1.3 ms in it
-- (pgbench, one connection, 200 series of 8 dates), more than the rename itself. Now one
-- INSERT … SELECT reads the statement's transition tables, each date's followers one lateral
-- lookup by its keys, as the row trigger's (the executor starts once per statement). What is
-- recorded is unchanged: which edits (name, times or spaces changed, not yet ended), who followed
-- the date just before (the follow rule of 0013 over the members who can follow it by any rule:
-- reserver, instructor, members of its teams, explicit follow records; an AFTER trigger sees the
-- statement's own changes either way), who made the change. Deletes keep the row trigger: it must
-- run BEFORE the delete, while the follow records and team links it reads still exist (they
-- cascade with the row).
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
  -- One lookup per edited date, by its keys (each an index range, whatever the tables' statistics
  -- said when this plan was cached): the follow rule of 0013 over the members who can follow the
  -- date by any rule (reserver, instructor, members of its teams, explicit follow records).
  CROSS JOIN LATERAL (
    SELECT coalesce(array_agg(m.user_id ORDER BY m.user_id), '{}') AS followers
    FROM (
      SELECT o.reserved_by AS user_id
      UNION SELECT o.instructor_id WHERE o.instructor_id IS NOT NULL
      UNION SELECT tm.user_id FROM calendar_event_teams et
        JOIN team_members tm ON tm.team_id = et.team_id AND tm.organization_id = o.organization_id
        WHERE et.event_id = o.id AND et.organization_id = o.organization_id
      UNION SELECT fr.user_id FROM calendar_event_followers fr
        WHERE fr.event_id = o.id AND fr.organization_id = o.organization_id AND fr.is_following
    ) c
    JOIN user_organizations m ON m.user_id = c.user_id AND m.organization_id = o.organization_id
    LEFT JOIN calendar_event_followers f
      ON f.event_id = o.id AND f.user_id = m.user_id AND f.organization_id = o.organization_id
    WHERE m.status = 'active'
      AND coalesce(f.is_following,
        o.reserved_by = m.user_id OR o.instructor_id IS NOT DISTINCT FROM m.user_id OR EXISTS (
          SELECT 1 FROM calendar_event_teams et JOIN team_members tm
            ON tm.team_id = et.team_id AND tm.user_id = m.user_id AND tm.organization_id = o.organization_id
          WHERE et.event_id = o.id AND et.organization_id = o.organization_id))
  ) f
  WHERE o.end_date_time >= now()
    AND (o.name IS DISTINCT FROM n.name OR o.start_date_time IS DISTINCT FROM n.start_date_time
      OR o.end_date_time IS DISTINCT FROM n.end_date_time OR o.spaces IS DISTINCT FROM n.spaces)
    AND cardinality(f.followers) > 0
  ORDER BY o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS calendar_events_notice_edited ON calendar_events;
--> statement-breakpoint
CREATE TRIGGER calendar_events_notice_edited AFTER UPDATE ON calendar_events
  REFERENCING OLD TABLE AS edited_old NEW TABLE AS edited_new
  FOR EACH STATEMENT EXECUTE FUNCTION note_calendar_events_edited();
