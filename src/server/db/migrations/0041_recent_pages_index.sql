-- The dashboard asks for an organization's five most recently changed library pages: with this
-- index PostgreSQL reads those five instead of sorting every page of the organization.
CREATE INDEX IF NOT EXISTS "wiki_pages_org_recent" ON "wiki_pages" USING btree ("organization_id", "updated_at" DESC, "id" DESC);
