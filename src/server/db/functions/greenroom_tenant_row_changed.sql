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

-- The tenant tables behind kept answers (events and their teams also name the months they lie
-- in: greenroom_calendar_months_changed.sql). Library page versions are only ever written with their
-- page, so the page's notification covers them; attendance is read fresh every time.
CREATE OR REPLACE TRIGGER teams_changed AFTER INSERT OR UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');

CREATE OR REPLACE TRIGGER team_members_changed AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');

CREATE OR REPLACE TRIGGER team_links_changed AFTER INSERT OR UPDATE OR DELETE ON team_links
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');

CREATE OR REPLACE TRIGGER team_assets_changed AFTER INSERT OR UPDATE OR DELETE ON team_assets
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('people');

CREATE OR REPLACE TRIGGER calendar_event_series_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_series
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');

CREATE OR REPLACE TRIGGER calendar_events_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');

CREATE OR REPLACE TRIGGER calendar_event_teams_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_teams
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');

CREATE OR REPLACE TRIGGER calendar_event_followers_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_followers
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('follows');

CREATE OR REPLACE TRIGGER wiki_pages_changed AFTER INSERT OR UPDATE OR DELETE ON wiki_pages
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('library');

CREATE OR REPLACE TRIGGER availability_periods_changed AFTER INSERT OR UPDATE OR DELETE ON availability_periods
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('scheduling');

CREATE OR REPLACE TRIGGER event_calls_changed AFTER INSERT OR UPDATE OR DELETE ON event_calls
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('scheduling');

CREATE OR REPLACE TRIGGER production_characters_changed AFTER INSERT OR UPDATE OR DELETE ON production_characters
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');

CREATE OR REPLACE TRIGGER production_character_cast_changed AFTER INSERT OR UPDATE OR DELETE ON production_character_cast
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');

CREATE OR REPLACE TRIGGER production_scenes_changed AFTER INSERT OR UPDATE OR DELETE ON production_scenes
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');

CREATE OR REPLACE TRIGGER production_scene_characters_changed AFTER INSERT OR UPDATE OR DELETE ON production_scene_characters
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('breakdown');

CREATE OR REPLACE TRIGGER calendar_event_scenes_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_event_scenes
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('calendar');

-- Volunteer shifts and signups are kept in the open-shifts list and the dashboard cards.
CREATE OR REPLACE TRIGGER volunteer_positions_changed AFTER INSERT OR UPDATE OR DELETE ON volunteer_positions
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('volunteer');

CREATE OR REPLACE TRIGGER volunteer_shifts_changed AFTER INSERT OR UPDATE OR DELETE ON volunteer_shifts
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('volunteer');

CREATE OR REPLACE TRIGGER volunteer_signups_changed AFTER INSERT OR UPDATE OR DELETE ON volunteer_signups
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('volunteer');

-- Each member's announcements are kept for their dashboard.
CREATE OR REPLACE TRIGGER announcements_changed AFTER INSERT OR UPDATE OR DELETE ON announcements
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed('announcements');
