-- A library page's earlier titles, so links written with a title the page has since lost still
-- lead to it and count in its "What links here". A current title always wins over a former one.
CREATE TABLE "wiki_page_former_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wiki_page_former_titles" ADD CONSTRAINT "wiki_page_former_titles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_page_former_titles" ADD CONSTRAINT "wiki_page_former_titles_page_id_wiki_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."wiki_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_page_former_titles_org_title" ON "wiki_page_former_titles" USING btree ("organization_id",lower("title"));--> statement-breakpoint
CREATE INDEX "wiki_page_former_titles_page" ON "wiki_page_former_titles" USING btree ("page_id");--> statement-breakpoint
-- Pages renamed before this table existed: each title their versions had and no page has now,
-- owned by the page that had it last.
INSERT INTO "wiki_page_former_titles" ("organization_id", "page_id", "title", "created_at")
SELECT DISTINCT ON (v.organization_id, lower(v.title)) v.organization_id, v.page_id, v.title, v.created_at
FROM "wiki_page_versions" v
WHERE NOT EXISTS (
  SELECT 1 FROM "wiki_pages" p WHERE p.organization_id = v.organization_id AND lower(p.title) = lower(v.title)
)
ORDER BY v.organization_id, lower(v.title), v.created_at DESC, v.id DESC;
