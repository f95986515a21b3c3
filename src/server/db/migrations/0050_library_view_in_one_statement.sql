-- What a page view needs of a page's links and names, kept with the page as it is written, so a
-- view finds the pages its links name and those linking to it in the same statement as the page:
-- the wikilink titles (lower case) and the page addresses its links name, the slug of its title,
-- and the slug of each title it had before. The app fills them in from the markdown as it writes;
-- null means "not known" (a page written before this, or behind the app) and the view then works
-- them out from the content as it did before.
ALTER TABLE wiki_pages ADD COLUMN link_titles text[], ADD COLUMN link_slugs text[], ADD COLUMN title_slug text;
--> statement-breakpoint
ALTER TABLE wiki_page_former_titles ADD COLUMN title_slug text;
--> statement-breakpoint
-- A title or content changed by anything but the library's own writes (which say so with
-- greenroom.library_derived) forgets what was worked out from it, so no view shows stale links.
CREATE FUNCTION wiki_pages_forget_derived() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER wiki_pages_forget_derived BEFORE UPDATE OF title, content ON wiki_pages
  FOR EACH ROW EXECUTE FUNCTION wiki_pages_forget_derived();
