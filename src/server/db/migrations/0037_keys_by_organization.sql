-- Keys a database sharded by organization (docs/scaling.md, step 3) can enforce: each tenant table
-- is keyed by (organization_id, id), each of its unique indexes starts with organization_id, and a
-- foreign key between two tenant tables carries organization_id on both sides, so a row can only
-- point at a row of its own organization. The old unique indexes stay as plain ones, and every
-- table keeps a plain index on id, for the joins and lookups that name a row by its id alone.
-- stored_files and audit_log also hold rows of no organization, so they keep (id) as their key.
ALTER TABLE "announcements" DROP CONSTRAINT "announcements_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_event_followers" DROP CONSTRAINT "calendar_event_followers_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" DROP CONSTRAINT "calendar_event_scenes_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" DROP CONSTRAINT "calendar_event_scenes_scene_id_production_scenes_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_event_teams" DROP CONSTRAINT "calendar_event_teams_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_event_teams" DROP CONSTRAINT "calendar_event_teams_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_series_id_calendar_event_series_id_fk";--> statement-breakpoint
ALTER TABLE "event_calls" DROP CONSTRAINT "event_calls_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "event_reports" DROP CONSTRAINT "event_reports_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "production_character_cast" DROP CONSTRAINT "production_character_cast_character_id_production_characters_id";--> statement-breakpoint
ALTER TABLE "production_characters" DROP CONSTRAINT "production_characters_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "production_scene_characters" DROP CONSTRAINT "production_scene_characters_character_id_production_characters_";--> statement-breakpoint
ALTER TABLE "production_scene_characters" DROP CONSTRAINT "production_scene_characters_scene_id_production_scenes_id_fk";--> statement-breakpoint
ALTER TABLE "production_scenes" DROP CONSTRAINT "production_scenes_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "report_notes" DROP CONSTRAINT "report_notes_report_id_event_reports_id_fk";--> statement-breakpoint
ALTER TABLE "team_assets" DROP CONSTRAINT "team_assets_file_id_stored_files_id_fk";--> statement-breakpoint
ALTER TABLE "team_assets" DROP CONSTRAINT "team_assets_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "team_former_handles" DROP CONSTRAINT "team_former_handles_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "team_links" DROP CONSTRAINT "team_links_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "volunteer_shifts" DROP CONSTRAINT "volunteer_shifts_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "volunteer_shifts" DROP CONSTRAINT "volunteer_shifts_position_id_volunteer_positions_id_fk";--> statement-breakpoint
ALTER TABLE "volunteer_signups" DROP CONSTRAINT "volunteer_signups_shift_id_volunteer_shifts_id_fk";--> statement-breakpoint
ALTER TABLE "wiki_page_former_titles" DROP CONSTRAINT "wiki_page_former_titles_page_id_wiki_pages_id_fk";--> statement-breakpoint
ALTER TABLE "wiki_page_versions" DROP CONSTRAINT "wiki_page_versions_page_id_wiki_pages_id_fk";--> statement-breakpoint
ALTER TABLE "announcements" DROP CONSTRAINT "announcements_pkey";--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "announcements_id" ON "announcements" USING btree ("id");--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_pkey";--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "attendance_records_id" ON "attendance_records" USING btree ("id");--> statement-breakpoint
ALTER TABLE "availability_periods" DROP CONSTRAINT "availability_periods_pkey";--> statement-breakpoint
ALTER TABLE "availability_periods" ADD CONSTRAINT "availability_periods_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "availability_periods_id" ON "availability_periods" USING btree ("id");--> statement-breakpoint
ALTER TABLE "calendar_event_followers" DROP CONSTRAINT "calendar_event_followers_pkey";--> statement-breakpoint
ALTER TABLE "calendar_event_followers" ADD CONSTRAINT "calendar_event_followers_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "calendar_event_followers_id" ON "calendar_event_followers" USING btree ("id");--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" DROP CONSTRAINT "calendar_event_scenes_pkey";--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" ADD CONSTRAINT "calendar_event_scenes_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "calendar_event_scenes_id" ON "calendar_event_scenes" USING btree ("id");--> statement-breakpoint
ALTER TABLE "calendar_event_series" DROP CONSTRAINT "calendar_event_series_pkey";--> statement-breakpoint
ALTER TABLE "calendar_event_series" ADD CONSTRAINT "calendar_event_series_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "calendar_event_series_id" ON "calendar_event_series" USING btree ("id");--> statement-breakpoint
ALTER TABLE "calendar_event_teams" DROP CONSTRAINT "calendar_event_teams_pkey";--> statement-breakpoint
ALTER TABLE "calendar_event_teams" ADD CONSTRAINT "calendar_event_teams_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "calendar_event_teams_id" ON "calendar_event_teams" USING btree ("id");--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_pkey";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "calendar_events_id" ON "calendar_events" USING btree ("id");--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" DROP CONSTRAINT "calendar_feed_tokens_pkey";--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_id" ON "calendar_feed_tokens" USING btree ("id");--> statement-breakpoint
ALTER TABLE "event_calls" DROP CONSTRAINT "event_calls_pkey";--> statement-breakpoint
ALTER TABLE "event_calls" ADD CONSTRAINT "event_calls_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "event_calls_id" ON "event_calls" USING btree ("id");--> statement-breakpoint
ALTER TABLE "event_changes" DROP CONSTRAINT "event_changes_pkey";--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "event_changes_id" ON "event_changes" USING btree ("id");--> statement-breakpoint
ALTER TABLE "event_reports" DROP CONSTRAINT "event_reports_pkey";--> statement-breakpoint
ALTER TABLE "event_reports" ADD CONSTRAINT "event_reports_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "event_reports_id" ON "event_reports" USING btree ("id");--> statement-breakpoint
ALTER TABLE "member_notifications" DROP CONSTRAINT "member_notifications_pkey";--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "member_notifications_id" ON "member_notifications" USING btree ("id");--> statement-breakpoint
ALTER TABLE "production_character_cast" DROP CONSTRAINT "production_character_cast_pkey";--> statement-breakpoint
ALTER TABLE "production_character_cast" ADD CONSTRAINT "production_character_cast_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "production_character_cast_id" ON "production_character_cast" USING btree ("id");--> statement-breakpoint
ALTER TABLE "production_characters" DROP CONSTRAINT "production_characters_pkey";--> statement-breakpoint
ALTER TABLE "production_characters" ADD CONSTRAINT "production_characters_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "production_characters_id" ON "production_characters" USING btree ("id");--> statement-breakpoint
ALTER TABLE "production_scene_characters" DROP CONSTRAINT "production_scene_characters_pkey";--> statement-breakpoint
ALTER TABLE "production_scene_characters" ADD CONSTRAINT "production_scene_characters_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "production_scene_characters_id" ON "production_scene_characters" USING btree ("id");--> statement-breakpoint
ALTER TABLE "production_scenes" DROP CONSTRAINT "production_scenes_pkey";--> statement-breakpoint
ALTER TABLE "production_scenes" ADD CONSTRAINT "production_scenes_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "production_scenes_id" ON "production_scenes" USING btree ("id");--> statement-breakpoint
ALTER TABLE "report_departments" DROP CONSTRAINT "report_departments_pkey";--> statement-breakpoint
ALTER TABLE "report_departments" ADD CONSTRAINT "report_departments_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "report_departments_id" ON "report_departments" USING btree ("id");--> statement-breakpoint
ALTER TABLE "report_notes" DROP CONSTRAINT "report_notes_pkey";--> statement-breakpoint
ALTER TABLE "report_notes" ADD CONSTRAINT "report_notes_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "report_notes_id" ON "report_notes" USING btree ("id");--> statement-breakpoint
ALTER TABLE "team_assets" DROP CONSTRAINT "team_assets_pkey";--> statement-breakpoint
ALTER TABLE "team_assets" ADD CONSTRAINT "team_assets_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "team_assets_id" ON "team_assets" USING btree ("id");--> statement-breakpoint
ALTER TABLE "team_former_handles" DROP CONSTRAINT "team_former_handles_pkey";--> statement-breakpoint
ALTER TABLE "team_former_handles" ADD CONSTRAINT "team_former_handles_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "team_former_handles_id" ON "team_former_handles" USING btree ("id");--> statement-breakpoint
ALTER TABLE "team_links" DROP CONSTRAINT "team_links_pkey";--> statement-breakpoint
ALTER TABLE "team_links" ADD CONSTRAINT "team_links_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "team_links_id" ON "team_links" USING btree ("id");--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_pkey";--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "team_members_id" ON "team_members" USING btree ("id");--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_pkey";--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "teams_id" ON "teams" USING btree ("id");--> statement-breakpoint
ALTER TABLE "user_organizations" DROP CONSTRAINT "user_organizations_pkey";--> statement-breakpoint
ALTER TABLE "user_organizations" ADD CONSTRAINT "user_organizations_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "user_organizations_id" ON "user_organizations" USING btree ("id");--> statement-breakpoint
ALTER TABLE "volunteer_positions" DROP CONSTRAINT "volunteer_positions_pkey";--> statement-breakpoint
ALTER TABLE "volunteer_positions" ADD CONSTRAINT "volunteer_positions_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "volunteer_positions_id" ON "volunteer_positions" USING btree ("id");--> statement-breakpoint
ALTER TABLE "volunteer_shifts" DROP CONSTRAINT "volunteer_shifts_pkey";--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_id" ON "volunteer_shifts" USING btree ("id");--> statement-breakpoint
ALTER TABLE "volunteer_signups" DROP CONSTRAINT "volunteer_signups_pkey";--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "volunteer_signups_id" ON "volunteer_signups" USING btree ("id");--> statement-breakpoint
ALTER TABLE "wiki_page_former_titles" DROP CONSTRAINT "wiki_page_former_titles_pkey";--> statement-breakpoint
ALTER TABLE "wiki_page_former_titles" ADD CONSTRAINT "wiki_page_former_titles_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "wiki_page_former_titles_id" ON "wiki_page_former_titles" USING btree ("id");--> statement-breakpoint
ALTER TABLE "wiki_page_versions" DROP CONSTRAINT "wiki_page_versions_pkey";--> statement-breakpoint
ALTER TABLE "wiki_page_versions" ADD CONSTRAINT "wiki_page_versions_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "wiki_page_versions_id" ON "wiki_page_versions" USING btree ("id");--> statement-breakpoint
ALTER TABLE "wiki_pages" DROP CONSTRAINT "wiki_pages_pkey";--> statement-breakpoint
ALTER TABLE "wiki_pages" ADD CONSTRAINT "wiki_pages_pkey" PRIMARY KEY ("organization_id", "id");--> statement-breakpoint
CREATE INDEX "wiki_pages_id" ON "wiki_pages" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_org_id" ON "stored_files" USING btree ("organization_id", "id");--> statement-breakpoint
DROP INDEX "attendance_records_event_user";--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_org_event_user" ON "attendance_records" USING btree (organization_id, event_id, user_id);--> statement-breakpoint
CREATE INDEX "attendance_records_event_user" ON "attendance_records" USING btree (event_id, user_id);--> statement-breakpoint
DROP INDEX "calendar_event_followers_event_user";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_followers_org_event_user" ON "calendar_event_followers" USING btree (organization_id, event_id, user_id);--> statement-breakpoint
CREATE INDEX "calendar_event_followers_event_user" ON "calendar_event_followers" USING btree (event_id, user_id);--> statement-breakpoint
DROP INDEX "calendar_event_scenes_event_scene";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_scenes_org_event_scene" ON "calendar_event_scenes" USING btree (organization_id, event_id, scene_id);--> statement-breakpoint
CREATE INDEX "calendar_event_scenes_event_scene" ON "calendar_event_scenes" USING btree (event_id, scene_id);--> statement-breakpoint
DROP INDEX "calendar_event_teams_event_team";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_teams_org_event_team" ON "calendar_event_teams" USING btree (organization_id, event_id, team_id);--> statement-breakpoint
CREATE INDEX "calendar_event_teams_event_team" ON "calendar_event_teams" USING btree (event_id, team_id);--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" DROP CONSTRAINT "calendar_feed_tokens_token_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_org_token_hash" ON "calendar_feed_tokens" USING btree (organization_id, token_hash);--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_token_hash" ON "calendar_feed_tokens" USING btree (token_hash);--> statement-breakpoint
DROP INDEX "event_calls_event_user";--> statement-breakpoint
CREATE UNIQUE INDEX "event_calls_org_event_user" ON "event_calls" USING btree (organization_id, event_id, user_id);--> statement-breakpoint
CREATE INDEX "event_calls_event_user" ON "event_calls" USING btree (event_id, user_id);--> statement-breakpoint
DROP INDEX "event_reports_event";--> statement-breakpoint
CREATE UNIQUE INDEX "event_reports_org_event" ON "event_reports" USING btree (organization_id, event_id);--> statement-breakpoint
CREATE INDEX "event_reports_event" ON "event_reports" USING btree (event_id);--> statement-breakpoint
ALTER TABLE "member_notifications" DROP CONSTRAINT "member_notifications_unique_key_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "member_notifications_org_unique_key" ON "member_notifications" USING btree (organization_id, unique_key);--> statement-breakpoint
CREATE INDEX "member_notifications_unique_key" ON "member_notifications" USING btree (unique_key);--> statement-breakpoint
DROP INDEX "production_character_cast_character_user";--> statement-breakpoint
CREATE UNIQUE INDEX "production_character_cast_org_character_user" ON "production_character_cast" USING btree (organization_id, character_id, user_id);--> statement-breakpoint
CREATE INDEX "production_character_cast_character_user" ON "production_character_cast" USING btree (character_id, user_id);--> statement-breakpoint
DROP INDEX "production_characters_team_name";--> statement-breakpoint
CREATE UNIQUE INDEX "production_characters_org_team_name" ON "production_characters" USING btree (organization_id, team_id, lower(name));--> statement-breakpoint
CREATE INDEX "production_characters_team_name" ON "production_characters" USING btree (team_id, lower(name));--> statement-breakpoint
DROP INDEX "production_scene_characters_scene_character";--> statement-breakpoint
CREATE UNIQUE INDEX "production_scene_characters_org_scene_character" ON "production_scene_characters" USING btree (organization_id, scene_id, character_id);--> statement-breakpoint
CREATE INDEX "production_scene_characters_scene_character" ON "production_scene_characters" USING btree (scene_id, character_id);--> statement-breakpoint
DROP INDEX "production_scenes_team_name";--> statement-breakpoint
CREATE UNIQUE INDEX "production_scenes_org_team_name" ON "production_scenes" USING btree (organization_id, team_id, lower(name));--> statement-breakpoint
CREATE INDEX "production_scenes_team_name" ON "production_scenes" USING btree (team_id, lower(name));--> statement-breakpoint
DROP INDEX "team_members_team_user";--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_org_team_user" ON "team_members" USING btree (organization_id, team_id, user_id);--> statement-breakpoint
CREATE INDEX "team_members_team_user" ON "team_members" USING btree (team_id, user_id);--> statement-breakpoint
DROP INDEX "volunteer_signups_shift_user";--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_signups_org_shift_user" ON "volunteer_signups" USING btree (organization_id, shift_id, user_id);--> statement-breakpoint
CREATE INDEX "volunteer_signups_shift_user" ON "volunteer_signups" USING btree (shift_id, user_id);--> statement-breakpoint
DROP INDEX "wiki_page_versions_page_version";--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_page_versions_org_page_version" ON "wiki_page_versions" USING btree (organization_id, page_id, version);--> statement-breakpoint
CREATE INDEX "wiki_page_versions_page_version" ON "wiki_page_versions" USING btree (page_id, version);--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_followers" ADD CONSTRAINT "calendar_event_followers_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" ADD CONSTRAINT "calendar_event_scenes_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_scenes" ADD CONSTRAINT "calendar_event_scenes_scene_id_production_scenes_id_fk" FOREIGN KEY ("organization_id","scene_id") REFERENCES "public"."production_scenes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_teams" ADD CONSTRAINT "calendar_event_teams_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_teams" ADD CONSTRAINT "calendar_event_teams_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_series_id_calendar_event_series_id_fk" FOREIGN KEY ("organization_id","series_id") REFERENCES "public"."calendar_event_series"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_calls" ADD CONSTRAINT "event_calls_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reports" ADD CONSTRAINT "event_reports_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_character_cast" ADD CONSTRAINT "production_character_cast_character_id_production_characters_id" FOREIGN KEY ("organization_id","character_id") REFERENCES "public"."production_characters"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_characters" ADD CONSTRAINT "production_characters_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scene_characters" ADD CONSTRAINT "production_scene_characters_character_id_production_characters_" FOREIGN KEY ("organization_id","character_id") REFERENCES "public"."production_characters"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scene_characters" ADD CONSTRAINT "production_scene_characters_scene_id_production_scenes_id_fk" FOREIGN KEY ("organization_id","scene_id") REFERENCES "public"."production_scenes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_scenes" ADD CONSTRAINT "production_scenes_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notes" ADD CONSTRAINT "report_notes_report_id_event_reports_id_fk" FOREIGN KEY ("organization_id","report_id") REFERENCES "public"."event_reports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assets" ADD CONSTRAINT "team_assets_file_id_stored_files_id_fk" FOREIGN KEY ("organization_id","file_id") REFERENCES "public"."stored_files"("organization_id","id") ON DELETE set null ("file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assets" ADD CONSTRAINT "team_assets_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_former_handles" ADD CONSTRAINT "team_former_handles_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_links" ADD CONSTRAINT "team_links_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("organization_id","team_id") REFERENCES "public"."teams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_event_id_calendar_events_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_position_id_volunteer_positions_id_fk" FOREIGN KEY ("organization_id","position_id") REFERENCES "public"."volunteer_positions"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_shift_id_volunteer_shifts_id_fk" FOREIGN KEY ("organization_id","shift_id") REFERENCES "public"."volunteer_shifts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_page_former_titles" ADD CONSTRAINT "wiki_page_former_titles_page_id_wiki_pages_id_fk" FOREIGN KEY ("organization_id","page_id") REFERENCES "public"."wiki_pages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_page_versions" ADD CONSTRAINT "wiki_page_versions_page_id_wiki_pages_id_fk" FOREIGN KEY ("organization_id","page_id") REFERENCES "public"."wiki_pages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- volunteer_signups_count as src/server/db/functions defines it now (written by `npm run db:functions`).
-- A shift's taken places are counted by the database, so the last place goes to exactly one of
-- several members signing up at once: the insert that finds no place left fails (GR020, answered
-- 409 "full"). The shift is found by its whole key, so the trigger reads only its organization's
-- rows (on a database sharded by organization, the shard it runs on).
CREATE OR REPLACE FUNCTION volunteer_signups_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE volunteer_shifts SET taken = taken + 1 WHERE organization_id = NEW.organization_id AND id = NEW.shift_id
      AND taken < places;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'This shift is full.' USING ERRCODE = 'GR020';
    END IF;
  ELSE
    UPDATE volunteer_shifts SET taken = taken - 1 WHERE organization_id = OLD.organization_id AND id = OLD.shift_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER volunteer_signups_counted AFTER INSERT OR DELETE ON volunteer_signups
  FOR EACH ROW EXECUTE FUNCTION volunteer_signups_count();
