-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it
-- again rather than changing this migration.
-- Defined again: greenroom_markdown_plain_text.

-- A library page's text as its search snippets show it: the first 20,000 characters without
-- markdown syntax, and without the two characters ts_headline's matches are marked with (chr(2)
-- and chr(3)), so after the text is escaped the marks are the only markup a snippet can hold.
-- Regular expressions are newline-sensitive ('n'): ^ and $ are line ends. Kept in a generated
-- column (wiki_pages.plain_text), so it is worked out once per write rather than for each page a
-- search shows: half of a new search's time over 50 pages. Constants only: nothing typed is here.
CREATE OR REPLACE FUNCTION greenroom_markdown_plain_text(content text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text := translate(left(content, 20000), chr(2) || chr(3), '');
BEGIN
  -- Code fences go whole (\x60 is a backtick),
  t := regexp_replace(t, '^[ \t]*(\x60{3}|~{3}).*$', '', 'gn');
  -- and table separator rows,
  t := regexp_replace(t, '^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$', '', 'gn');
  -- and rules.
  t := regexp_replace(t, '^[ \t]*([-*_][ \t]*){3,}$', '', 'gn');
  -- Links and images keep their shown text,
  t := regexp_replace(t, '!?\[([^]\n]*)\]\([^)\n]*\)', '\1', 'gn');
  -- and wiki links theirs: the label,
  t := regexp_replace(t, '\[\[[^]|\n]*\|([^]\n]*)\]\]', '\1', 'gn');
  -- or the title.
  t := regexp_replace(t, '\[\[([^]\n]*)\]\]', '\1', 'gn');
  -- Heading,
  t := regexp_replace(t, '^[ \t]{0,3}#{1,6}[ \t]+', '', 'gn');
  -- quote
  t := regexp_replace(t, '^[ \t]*(>[ \t]?)+', '', 'gn');
  -- and list markers go,
  t := regexp_replace(t, '^[ \t]*([-*+]|[0-9]+[.)])[ \t]+', '', 'gn');
  -- and emphasis and code marks,
  t := regexp_replace(t, '\*+|_{2,}|~{2,}|\x60+', '', 'gn');
  -- and table bars become spaces.
  t := regexp_replace(t, '\|', ' ', 'gn');
  RETURN t;
END $$;
