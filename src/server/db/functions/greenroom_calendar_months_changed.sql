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
