-- A search ranks every page that matches it, and so reads every matching page's search_vector,
-- twice (to match, then to rank). The vector is usually the widest column after the content, and
-- once the content was compressed it was the column PostgreSQL moved out of the row, so each read
-- was a lookup in the TOAST table: two thirds of a common word's search over 2,000 pages. Stored
-- MAIN, the vector stays in the row (compressed if need be, moved out only when nothing else can
-- go), and the content leaves the row first; a page view reads the content of one page only.
ALTER TABLE wiki_pages ALTER COLUMN search_vector SET STORAGE MAIN;
--> statement-breakpoint
-- Pages stored before keep their layout until written again: rewrite their vectors now (a new
-- value of the same words, so nothing anyone reads changes and the change triggers stay quiet).
ALTER TABLE wiki_pages DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE wiki_pages SET search_vector = search_vector || ''::tsvector;
--> statement-breakpoint
ALTER TABLE wiki_pages ENABLE TRIGGER USER;
