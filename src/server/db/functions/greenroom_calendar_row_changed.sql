-- An event, or an event's team, changes the calendar area (as every tenant row changes its area,
-- greenroom_tenant_row_changed.sql) and also the calendar months it lies in: 'o:<organization
-- id>:calendar@YYYY-MM', each UTC month its start to end touches, before and after the change. A
-- kept month of events lies under those month scopes alone, so a rehearsal booked for next spring
-- leaves this month's kept list in place.
--
-- In a transaction that announces the calendar area itself (greenroom.announced), the months are
-- noted in greenroom.months instead (separated by commas), which the app reads with its COMMIT
-- and announces after it, as it does the area (db/change-feed.ts, announcedTransaction).
CREATE OR REPLACE FUNCTION greenroom_calendar_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced text[] := coalesce(string_to_array(current_setting('greenroom.announced', true), ','), '{}');
  old_span record;
  new_span record;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT ('o:' || OLD.organization_id || ':calendar' = ANY (announced)) THEN
    PERFORM pg_notify('greenroom_changes', 'o:' || OLD.organization_id || ':calendar');
  END IF;
  IF TG_OP <> 'DELETE' AND NOT ('o:' || NEW.organization_id || ':calendar' = ANY (announced)) THEN
    PERFORM pg_notify('greenroom_changes', 'o:' || NEW.organization_id || ':calendar');
  END IF;
  -- An event's team takes its event's months; when the event itself is gone, its own row said them.
  IF TG_TABLE_NAME = 'calendar_events' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM greenroom_calendar_months_changed(OLD.organization_id, OLD.start_date_time, OLD.end_date_time);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.start_date_time IS DISTINCT FROM OLD.start_date_time
        OR NEW.end_date_time IS DISTINCT FROM OLD.end_date_time) THEN
      PERFORM greenroom_calendar_months_changed(NEW.organization_id, NEW.start_date_time, NEW.end_date_time);
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      SELECT start_date_time AS starts, end_date_time AS ends INTO old_span FROM calendar_events
        WHERE organization_id = OLD.organization_id AND id = OLD.event_id;
      PERFORM greenroom_calendar_months_changed(OLD.organization_id, old_span.starts, old_span.ends);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      SELECT start_date_time AS starts, end_date_time AS ends INTO new_span FROM calendar_events
        WHERE organization_id = NEW.organization_id AND id = NEW.event_id;
      PERFORM greenroom_calendar_months_changed(NEW.organization_id, new_span.starts, new_span.ends);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER calendar_events_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION greenroom_calendar_row_changed();

CREATE OR REPLACE TRIGGER calendar_event_teams_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_teams
  FOR EACH ROW EXECUTE FUNCTION greenroom_calendar_row_changed();
