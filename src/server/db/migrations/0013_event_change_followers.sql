-- Change notices (0005) named the followers of an edited or deleted occurrence by testing every
-- active member of the organization against the follow rule: in a 10,000-member organization each
-- edited row cost that many checks (seconds for a series edit; npm run bench:load). Now only the
-- members who can follow it by any rule are tested (reserver, instructor, members of its teams,
-- explicit follow records); the rule itself, and so the result, is unchanged.
CREATE OR REPLACE FUNCTION note_calendar_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followers int[];
BEGIN
  IF OLD.end_date_time < now() THEN
    RETURN OLD;
  END IF;
  SELECT coalesce(array_agg(m.user_id ORDER BY m.user_id), '{}') INTO followers
  FROM (
    SELECT OLD.reserved_by AS user_id
    UNION SELECT OLD.instructor_id WHERE OLD.instructor_id IS NOT NULL
    UNION SELECT tm.user_id FROM calendar_event_teams et
      JOIN team_members tm ON tm.team_id = et.team_id AND tm.organization_id = OLD.organization_id
      WHERE et.event_id = OLD.id AND et.organization_id = OLD.organization_id
    UNION SELECT f.user_id FROM calendar_event_followers f
      WHERE f.event_id = OLD.id AND f.organization_id = OLD.organization_id AND f.is_following
  ) c
  JOIN user_organizations m ON m.user_id = c.user_id AND m.organization_id = OLD.organization_id
  LEFT JOIN calendar_event_followers f
    ON f.event_id = OLD.id AND f.user_id = m.user_id AND f.organization_id = OLD.organization_id
  WHERE m.status = 'active'
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
