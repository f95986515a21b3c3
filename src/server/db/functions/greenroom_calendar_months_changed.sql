-- Events and their teams change the calendar area (greenroom_tenant_row_changed.sql) and also the
-- calendar months they lie in: 'o:<organization id>:calendar@YYYY-MM', each UTC month an event's
-- start to end touches, before and after the change. A kept month of events lies under those
-- month scopes alone, so a rehearsal booked for next spring leaves this month's kept list in place.
--
-- Once per statement, from its transition tables: a series rewritten whole is hundreds of rows in
-- a few months. Announced, or noted for the app to announce, by greenroom_announce_parts.
CREATE OR REPLACE FUNCTION greenroom_calendar_months_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  events integer[];
  starts timestamptz[];
  ends timestamptz[];
BEGIN
  -- The spans the statement touched: an event's own, or for an event's team, its event's (when
  -- the event itself is gone, its own rows said them).
  IF TG_TABLE_NAME = 'calendar_events' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(organization_id), array_agg(start_date_time), array_agg(end_date_time)
        INTO orgs, starts, ends FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(organization_id), array_agg(start_date_time), array_agg(end_date_time)
        INTO orgs, starts, ends FROM old_rows;
    ELSE
      SELECT array_agg(organization_id), array_agg(start_date_time), array_agg(end_date_time)
        INTO orgs, starts, ends FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) r;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(organization_id), array_agg(event_id) INTO orgs, events FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(organization_id), array_agg(event_id) INTO orgs, events FROM old_rows;
    ELSE
      SELECT array_agg(organization_id), array_agg(event_id) INTO orgs, events
        FROM (SELECT organization_id, event_id FROM old_rows UNION SELECT organization_id, event_id FROM new_rows) t;
    END IF;
    SELECT array_agg(e.organization_id), array_agg(e.start_date_time), array_agg(e.end_date_time)
      INTO orgs, starts, ends
      FROM unnest(orgs, events) AS t(o, id) JOIN calendar_events e ON e.organization_id = t.o AND e.id = t.id;
  END IF;
  IF orgs IS NULL THEN
    RETURN NULL;
  END IF;
  -- Every month from each organization's first start to its last end: a series rewritten whole
  -- names its months without a month series per date.
  PERFORM greenroom_announce_parts(array(
    SELECT 'o:' || span.o || ':calendar@' || to_char(m, 'YYYY-MM')
    FROM (SELECT s.o, min(s.a) AS a, max(greatest(s.a, s.b)) AS b
          FROM unnest(orgs, starts, ends) AS s(o, a, b) GROUP BY s.o) AS span,
      generate_series(date_trunc('month', span.a AT TIME ZONE 'UTC'),
                      date_trunc('month', span.b AT TIME ZONE 'UTC'), interval '1 month') AS m));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER calendar_events_months_inserted AFTER INSERT ON calendar_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();

CREATE OR REPLACE TRIGGER calendar_events_months_updated AFTER UPDATE ON calendar_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();

CREATE OR REPLACE TRIGGER calendar_events_months_deleted AFTER DELETE ON calendar_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();

CREATE OR REPLACE TRIGGER calendar_event_teams_months_inserted AFTER INSERT ON calendar_event_teams
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();

CREATE OR REPLACE TRIGGER calendar_event_teams_months_updated AFTER UPDATE ON calendar_event_teams
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();

CREATE OR REPLACE TRIGGER calendar_event_teams_months_deleted AFTER DELETE ON calendar_event_teams
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
