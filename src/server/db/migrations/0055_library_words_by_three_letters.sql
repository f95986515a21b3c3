-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it
-- again rather than changing this migration.
-- Defined again: greenroom_library_pages_changed.

-- Library pages change the library area (greenroom_tenant_row_changed.sql) and also its parts: each
-- page written, 'o:<organization id>:library@page:<slug>' (its slug before and after), and the
-- library's names, 'o:<organization id>:library@names', when a page comes or goes or changes what
-- other pages show of it (title, slug, links, visibility: link targets, "What links here"), and the
-- words of its text that changed ('word:<first one, two and three letters>', or 'words' for a word
-- that starts otherwise). A
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
            LATERAL (SELECT CASE WHEN d.lexeme ~ ('^[a-z0-9]{' || k || '}') THEN 'word:' || left(d.lexeme, k)
              ELSE 'words' END FROM generate_series(1, 3) AS k) AS w(part)
        ) AS parts(part);
  END IF;
  -- A statement over many pages or words (a page rewritten, a member's pages losing their author)
  -- names every word instead ('word:*', under which every search lies, beside its own words), then
  -- the names, under which every search and view lies: one notification rather than hundreds.
  IF array_length(scopes, 1) > 100 THEN
    SELECT array_agg(DISTINCT CASE WHEN split_part(s, '@', 2) LIKE 'word%' THEN split_part(s, '@', 1) || '@word:*' ELSE s END)
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
