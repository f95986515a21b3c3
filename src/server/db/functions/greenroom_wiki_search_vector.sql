-- Library full-text search: a weighted tsvector per page (title A, tags B, content C) kept by a
-- trigger, because array_to_string is not immutable and so cannot feed a generated column. Each
-- text is indexed twice: stemmed ('english': "inspections" finds "inspection") and as typed
-- ('simple': "harn" is a prefix of "harness", though its stem is "har"), so the list can filter
-- while a word is still being typed. Only the first 128 KB of content are indexed: a tsvector is
-- capped at 1 MB, and a page that long is found by its opening anyway.
CREATE OR REPLACE FUNCTION greenroom_wiki_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', left(coalesce(NEW.content, ''), 131072)), 'C') ||
    setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('simple', left(coalesce(NEW.content, ''), 131072)), 'C');
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER wiki_pages_search_vector BEFORE INSERT OR UPDATE OF title, tags, content ON wiki_pages
  FOR EACH ROW EXECUTE FUNCTION greenroom_wiki_search_vector();
