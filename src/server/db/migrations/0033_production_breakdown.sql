-- A team's breakdown (characters and the members cast in them, scenes and the characters in
-- them), the scenes a rehearsal works, and rehearsal reports with notes by department.
CREATE TABLE "production_characters" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_character_cast" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"act" text,
	"position" integer NOT NULL,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_scenes_pages" CHECK ("production_scenes"."pages" >= 0)
);
--> statement-breakpoint
CREATE TABLE "production_scene_characters" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"scene_id" integer NOT NULL,
	"character_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_event_scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"scene_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"recipient_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"times" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" text,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"position" integer NOT NULL,
	"department" text NOT NULL,
	"text" text NOT NULL,
	"confidential" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_notes_status" CHECK ("report_notes"."status" in ('open', 'acknowledged', 'done'))
);
--> statement-breakpoint
ALTER TABLE "production_characters" ADD CONSTRAINT "production_characters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_characters" ADD CONSTRAINT "production_characters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_character_cast" ADD CONSTRAINT "production_character_cast_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_character_cast" ADD CONSTRAINT "production_character_cast_character_id_production_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."production_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_character_cast" ADD CONSTRAINT "production_character_cast_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scenes" ADD CONSTRAINT "production_scenes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scenes" ADD CONSTRAINT "production_scenes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scene_characters" ADD CONSTRAINT "production_scene_characters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scene_characters" ADD CONSTRAINT "production_scene_characters_scene_id_production_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."production_scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scene_characters" ADD CONSTRAINT "production_scene_characters_character_id_production_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."production_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" ADD CONSTRAINT "calendar_event_scenes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" ADD CONSTRAINT "calendar_event_scenes_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" ADD CONSTRAINT "calendar_event_scenes_scene_id_production_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."production_scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_departments" ADD CONSTRAINT "report_departments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reports" ADD CONSTRAINT "event_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reports" ADD CONSTRAINT "event_reports_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reports" ADD CONSTRAINT "event_reports_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reports" ADD CONSTRAINT "event_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notes" ADD CONSTRAINT "report_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notes" ADD CONSTRAINT "report_notes_report_id_event_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."event_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notes" ADD CONSTRAINT "report_notes_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "production_characters_team_name" ON "production_characters" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "production_characters_org_team" ON "production_characters" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "production_character_cast_character_user" ON "production_character_cast" USING btree ("character_id","user_id");--> statement-breakpoint
CREATE INDEX "production_character_cast_org_user" ON "production_character_cast" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "production_scenes_team_name" ON "production_scenes" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "production_scenes_org_team" ON "production_scenes" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "production_scene_characters_scene_character" ON "production_scene_characters" USING btree ("scene_id","character_id");--> statement-breakpoint
CREATE INDEX "production_scene_characters_character" ON "production_scene_characters" USING btree ("character_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_scenes_event_scene" ON "calendar_event_scenes" USING btree ("event_id","scene_id");--> statement-breakpoint
CREATE INDEX "calendar_event_scenes_scene" ON "calendar_event_scenes" USING btree ("scene_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_departments_org_name" ON "report_departments" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "event_reports_event" ON "event_reports" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_reports_org" ON "event_reports" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "report_notes_report" ON "report_notes" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_notes_org_department_status" ON "report_notes" USING btree ("organization_id",lower("department"),"status");--> statement-breakpoint
-- The breakdown and an event's scenes decide who a rehearsal concerns, so their writes drop kept
-- conflict answers like the other tenant tables' writes do.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['production_characters', 'production_character_cast', 'production_scenes',
    'production_scene_characters', 'calendar_event_scenes']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
      FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed()', t || '_changed', t);
  END LOOP;
END $$;
