-- A page's text as its search snippets read it, worked out as the page is written
-- (greenroom_markdown_plain_text) instead of for each page every new search shows.
ALTER TABLE "wiki_pages" ADD COLUMN "plain_text" text GENERATED ALWAYS AS (greenroom_markdown_plain_text("content")) STORED;
