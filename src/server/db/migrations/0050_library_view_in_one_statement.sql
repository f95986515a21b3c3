-- What a page view needs of a page's links and names, kept with the page as it is written, so a
-- view finds the pages its links name and those linking to it in the same statement as the page:
-- the wikilink titles (lower case) and the page addresses its links name, the slug of its title,
-- and the slug of each title it had before. The app fills them in from the markdown as it writes;
-- null means "not known" (a page written before this, or changed behind the app: see
-- greenroom_wiki_forget_derived) and the view then works them out from the content as before.
ALTER TABLE wiki_pages ADD COLUMN link_titles text[], ADD COLUMN link_slugs text[], ADD COLUMN title_slug text;
--> statement-breakpoint
ALTER TABLE wiki_page_former_titles ADD COLUMN title_slug text;
