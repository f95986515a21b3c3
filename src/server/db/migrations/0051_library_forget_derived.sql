-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it
-- again rather than changing this migration.
-- Defined again: greenroom_wiki_forget_derived.

-- What a page view looks up of a page's links and names is stored with the page as the library
-- writes it (link_titles, link_slugs, title_slug), worked out from the markdown in the app. A
-- title or content changed by anything else (the database manager, SQL by hand) clears what was
-- worked out from it, so no view shows stale links; the view then works them out from the content.
-- The library's own writes say so with greenroom.library_derived.
CREATE OR REPLACE FUNCTION greenroom_wiki_forget_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('greenroom.library_derived', true), '') <> 'on' THEN
    IF NEW.title IS DISTINCT FROM OLD.title THEN
      NEW.title_slug := NULL;
    END IF;
    IF NEW.content IS DISTINCT FROM OLD.content THEN
      NEW.link_titles := NULL;
      NEW.link_slugs := NULL;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER wiki_pages_forget_derived BEFORE UPDATE OF title, content ON wiki_pages
  FOR EACH ROW EXECUTE FUNCTION greenroom_wiki_forget_derived();
