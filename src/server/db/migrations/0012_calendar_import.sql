ALTER TABLE "calendar_event_series" ADD COLUMN "ical_uid" text;--> statement-breakpoint
ALTER TABLE "calendar_event_series" ADD COLUMN "ical_digest" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "ical_uid" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "ical_digest" text;--> statement-breakpoint
CREATE INDEX "calendar_events_org_ical_uid" ON "calendar_events" USING btree ("organization_id","ical_uid");