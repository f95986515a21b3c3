-- Change notices for edits (0005, 0013) are written once per statement instead of once per row
-- (issue 17): a series edit updates every date of the series in one statement, and the row trigger
-- ran its follower lookup and its insert as two statements per date (about 0.045 ms a date, 0.35
-- ms of an 8-date edit). The statement's old and new rows are read from its transition tables and
-- every notice is one INSERT … SELECT; what is recorded (which edits, who followed the date just
-- before, who made the change) is unchanged. Deletes keep the row trigger: it must run BEFORE the
-- delete, while the follow records and team links it reads still exist.
CREATE FUNCTION note_calendar_events_edited() RETURNS trigger LANGUAGE plpgsql AS $$
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
  CROSS JOIN LATERAL (
    -- The follow rule (spec part 2 §4) over the members who can follow the date by any rule, as 0013.
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
    AND cardinality(f.followers) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER calendar_events_notice_edited ON calendar_events;
--> statement-breakpoint
CREATE TRIGGER calendar_events_notice_edited AFTER UPDATE ON calendar_events
  REFERENCING OLD TABLE AS edited_old NEW TABLE AS edited_new
  FOR EACH STATEMENT EXECUTE FUNCTION note_calendar_events_edited();
