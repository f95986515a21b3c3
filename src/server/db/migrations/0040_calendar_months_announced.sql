-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it
-- again rather than changing this migration.
-- Defined again: greenroom_calendar_months_changed, greenroom_calendar_row_changed, greenroom_tenant_row_changed.

-- Announces the calendar months an event's span touches: 'o:<organization id>:calendar@YYYY-MM' for
-- each UTC month from its start to its end (greenroom_calendar_row_changed.sql says why). In a
-- transaction that announces the calendar area itself, the months are noted in greenroom.months
-- for the app to announce after the commit instead.
CREATE OR REPLACE FUNCTION greenroom_calendar_months_changed(organization integer, starts timestamptz, ends timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  announced boolean := ('o:' || organization || ':calendar') = ANY (
    coalesce(string_to_array(current_setting('greenroom.announced', true), ','), '{}'));
  month timestamp;
  scope text;
  noted text;
BEGIN
  IF starts IS NULL OR ends IS NULL THEN
    RETURN;
  END IF;
  FOR month IN SELECT generate_series(date_trunc('month', starts AT TIME ZONE 'UTC'),
                                      date_trunc('month', greatest(starts, ends) AT TIME ZONE 'UTC'),
                                      interval '1 month') LOOP
    scope := 'o:' || organization || ':calendar@' || to_char(month, 'YYYY-MM');
    IF NOT announced THEN
      PERFORM pg_notify('greenroom_changes', scope);
    ELSE
      noted := coalesce(current_setting('greenroom.months', true), '');
      IF position(',' || scope || ',' IN ',' || noted || ',') = 0 THEN
        PERFORM set_config('greenroom.months', ltrim(noted || ',' || scope, ','), true);
      END IF;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_events_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION greenroom_calendar_row_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_teams_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_teams
  FOR EACH ROW EXECUTE FUNCTION greenroom_calendar_row_changed();
--> statement-breakpoint
-- Every write to a tenant table announces its organization's area on the channel
-- `greenroom_changes` ('o:<organization id>:<area>'), so each app instance drops the kept answers
-- built from that area (calendar lists, directories, page views, conflict answers) and keeps the
-- rest, whichever instance or script wrote it. The area is the trigger's argument: each table's
-- trigger below names it, and this is the one place that says which area a table is in
-- (db/areas.ts repeats it, held equal by a test). PostgreSQL delivers notifications at commit and
-- merges identical ones within a transaction, so a bulk write sends one per organization and area.
--
-- PostgreSQL serialises the commits of every transaction that called pg_notify on one lock per
-- database, held until the commit is on disk. So a transaction that sets greenroom.announced to
-- the scopes of its rows (separated by commas) leaves those scopes' notifications to the app,
-- which sends them after the commit on a connection of its own (db/client.ts, batchedNotifier).
-- Any other scope is still announced here (another organization's rows, a cascade into another
-- area), and so is every write of a transaction that does not set it (scripts, the database
-- manager).
CREATE OR REPLACE FUNCTION greenroom_tenant_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  area text := TG_ARGV[0];
  announced text[] := coalesce(string_to_array(current_setting('greenroom.announced', true), ','), '{}');
BEGIN
  IF TG_OP <> 'INSERT' AND NOT ('o:' || OLD.organization_id || ':' || area = ANY (announced)) THEN
    PERFORM pg_notify('greenroom_changes', 'o:' || OLD.organization_id || ':' || area);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT ('o:' || NEW.organization_id || ':' || area = ANY (announced)) THEN
    PERFORM pg_notify('greenroom_changes', 'o:' || NEW.organization_id || ':' || area);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tenant tables behind kept answers (events and their teams also name the months they lie
-- in: greenroom_calendar_row_changed.sql). Library page versions are only ever written with their
-- page, so the page's notification covers them; attendance is read fresh every time.
CREATE OR REPLACE TRIGGER teams_changed AFTER INSERT OR UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER team_members_changed AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER team_links_changed AFTER INSERT OR UPDATE OR DELETE ON team_links
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER team_assets_changed AFTER INSERT OR UPDATE OR DELETE ON team_assets
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_series_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_series
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_followers_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_followers
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER wiki_pages_changed AFTER INSERT OR UPDATE OR DELETE ON wiki_pages
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('library');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER availability_periods_changed AFTER INSERT OR UPDATE OR DELETE ON availability_periods
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('scheduling');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER event_calls_changed AFTER INSERT OR UPDATE OR DELETE ON event_calls
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('scheduling');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER production_characters_changed AFTER INSERT OR UPDATE OR DELETE ON production_characters
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER production_character_cast_changed AFTER INSERT OR UPDATE OR DELETE ON production_character_cast
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER production_scenes_changed AFTER INSERT OR UPDATE OR DELETE ON production_scenes
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER production_scene_characters_changed AFTER INSERT OR UPDATE OR DELETE ON production_scene_characters
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_scenes_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_scenes
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');
--> statement-breakpoint
-- Volunteer shifts and signups are kept in the open-shifts list and the dashboard cards.
CREATE OR REPLACE TRIGGER volunteer_positions_changed AFTER INSERT OR UPDATE OR DELETE ON volunteer_positions
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('volunteer');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER volunteer_shifts_changed AFTER INSERT OR UPDATE OR DELETE ON volunteer_shifts
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('volunteer');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER volunteer_signups_changed AFTER INSERT OR UPDATE OR DELETE ON volunteer_signups
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('volunteer');
