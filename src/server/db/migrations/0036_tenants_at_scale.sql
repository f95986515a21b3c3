-- Many organizations on one server. organizations.digests_due_at is the next instant a digest can
-- be due (07:00 in the organization's zone once its day is planned), so the notification worker's
-- tick reads only organizations past it instead of all of them; minus infinity (every existing
-- row, and a new one) means "look on the next tick". The indexes serve the tick's other scans
-- across organizations (events and shifts starting soon, series to extend, members reminded a day
-- or a week ahead, finished jobs and old digest plans to prune) and the system list of
-- organizations, newest first, a page at a time.
-- greenroom_organization_changed (from src/server/db/functions, as db:functions writes it) no
-- longer announces an update that moved only digests_due_at.
ALTER TABLE "organizations" ADD COLUMN "digests_due_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "organizations_digests_due" ON "organizations" USING btree ("digests_due_at") WHERE approval_status = 'approved';--> statement-breakpoint
CREATE INDEX "organizations_created" ON "organizations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "calendar_events_start" ON "calendar_events" USING btree ("start_date_time");--> statement-breakpoint
CREATE INDEX "calendar_event_series_until" ON "calendar_event_series" USING btree ("materialized_until");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_start" ON "volunteer_shifts" USING btree ("start_date_time");--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE done_at is not null;--> statement-breakpoint
CREATE INDEX "digest_plans_date" ON "digest_plans" USING btree ("local_date");--> statement-breakpoint
CREATE INDEX "users_long_reminders" ON "users" USING btree ("id") WHERE (notification_settings->>'reminderTiming') in ('1day', '1week');
--> statement-breakpoint
-- An organization's own row changing (its name, its state, its deletion) announces the
-- organization, like a write to any of its tables (greenroom_tenant_row_changed). The notification
-- worker moving digests_due_at (once a day per organization) changes nothing anyone reads, so it
-- announces nothing: with 2,000 organizations it would drop every kept answer of each once a day.
CREATE OR REPLACE FUNCTION greenroom_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'digests_due_at') = (to_jsonb(NEW) - 'digests_due_at') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('greenroom_changes', 'o:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_organization_changed();
