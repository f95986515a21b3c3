-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it
-- again rather than changing this migration.
-- Defined again: greenroom_announce_parts, greenroom_calendar_months_changed, greenroom_library_pages_changed.

-- What the parts' triggers do with the parts a statement changed ('o:<organization id>:<area>@<part>'):
-- announce each at once, unless the transaction announces its organization's area itself
-- (greenroom.announced, as greenroom_tenant_row_changed.sql reads it); then note it in
-- greenroom.noted (separated by commas), which the app reads with its COMMIT and announces after
-- it (db/change-feed.ts, announcedTransaction).
CREATE OR REPLACE FUNCTION greenroom_announce_parts(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  announced text[] := coalesce(string_to_array(current_setting('greenroom.announced', true), ','), '{}');
  noted text[] := coalesce(string_to_array(nullif(current_setting('greenroom.noted', true), ''), ','), '{}');
  scope text;
BEGIN
  FOREACH scope IN ARRAY coalesce(scopes, '{}') LOOP
    IF NOT split_part(scope, '@', 1) = ANY (announced) THEN
      PERFORM pg_notify('greenroom_changes', scope);
    ELSIF NOT scope = ANY (noted) THEN
      noted := noted || scope;
    END IF;
  END LOOP;
  PERFORM set_config('greenroom.noted', array_to_string(noted, ','), true);
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_events_months_inserted AFTER INSERT ON calendar_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_events_months_updated AFTER UPDATE ON calendar_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_events_months_deleted AFTER DELETE ON calendar_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_teams_months_inserted AFTER INSERT ON calendar_event_teams
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_teams_months_updated AFTER UPDATE ON calendar_event_teams
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER calendar_event_teams_months_deleted AFTER DELETE ON calendar_event_teams
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_calendar_months_changed();
--> statement-breakpoint
-- Library pages change the library area (greenroom_tenant_row_changed.sql) and also its parts: each
-- page written, 'o:<organization id>:library@page:<slug>' (its slug before and after), and the
-- library's names, 'o:<organization id>:library@names', when a page comes or goes or changes what
-- other pages show of it (title, slug, links, visibility: link targets, "What links here"), and the
-- words of its text that changed ('word:<first one or two letters>', or 'words' for any other). A
-- kept page view lies under its page and the names alone, and a search under the words it looks
-- for, the pages it found and the names, so an edit to one page's text leaves every other page's
-- view and most searches in place.
--
-- Once per statement, from its transition tables; announced, or noted for the app to announce, by
-- greenroom_announce_parts.
CREATE OR REPLACE FUNCTION greenroom_library_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scopes text[];
BEGIN
  -- A page that came or went changes the names; an updated one when what others show of it moved.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT 'o:' || organization_id || ':library@' || part) INTO scopes
      FROM new_rows, LATERAL (VALUES ('page:' || slug), ('names')) AS parts(part);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT 'o:' || organization_id || ':library@' || part) INTO scopes
      FROM old_rows, LATERAL (VALUES ('page:' || slug), ('names')) AS parts(part);
  ELSE
    SELECT array_agg(DISTINCT 'o:' || o.organization_id || ':library@' || part) INTO scopes
      FROM old_rows o JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id,
        LATERAL (SELECT 'page:' || o.slug UNION ALL SELECT 'page:' || n.slug
          UNION ALL SELECT 'names' WHERE (o.slug, o.title, o.links, o.is_public)
            IS DISTINCT FROM (n.slug, n.title, n.links, n.is_public)
          -- The words found, lost or weighted otherwise in the page (their weights in order, which
          -- is what a search ranks by), by their first letters: every search that such a word could
          -- match, whole or as a prefix, lies under one of them. Where the words stand is left out:
          -- text added to the page moves every later word along, and the rank does not read it.
          UNION ALL SELECT w.part FROM (
              (SELECT lexeme, weights FROM unnest(coalesce(o.search_vector, ''::tsvector))
               EXCEPT SELECT lexeme, weights FROM unnest(coalesce(n.search_vector, ''::tsvector)))
              UNION
              (SELECT lexeme, weights FROM unnest(coalesce(n.search_vector, ''::tsvector))
               EXCEPT SELECT lexeme, weights FROM unnest(coalesce(o.search_vector, ''::tsvector)))
            ) AS d,
            LATERAL (VALUES
              (CASE WHEN d.lexeme ~ '^[a-z0-9]{2}' THEN 'word:' || left(d.lexeme, 2) ELSE 'words' END),
              (CASE WHEN d.lexeme ~ '^[a-z0-9]' THEN 'word:' || left(d.lexeme, 1) ELSE 'words' END)) AS w(part)
        ) AS parts(part);
  END IF;
  -- A statement over many pages or words (a page rewritten, a member's pages losing their author)
  -- names all words instead, then the names, under which every search and view lies: one
  -- notification rather than hundreds.
  IF array_length(scopes, 1) > 100 THEN
    SELECT array_agg(DISTINCT CASE WHEN split_part(s, '@', 2) LIKE 'word:%' THEN split_part(s, '@', 1) || '@words' ELSE s END)
      INTO scopes FROM unnest(scopes) AS s;
  END IF;
  IF array_length(scopes, 1) > 100 THEN
    SELECT array_agg(DISTINCT split_part(s, '@', 1) || '@names') INTO scopes FROM unnest(scopes) AS s;
  END IF;
  PERFORM greenroom_announce_parts(scopes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER wiki_pages_parts_inserted AFTER INSERT ON wiki_pages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_library_pages_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER wiki_pages_parts_updated AFTER UPDATE ON wiki_pages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenroom_library_pages_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER wiki_pages_parts_deleted AFTER DELETE ON wiki_pages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION greenroom_library_pages_changed();
