ALTER TABLE "calendar_event_series" ADD COLUMN "lineage_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "public_event_types" text[] DEFAULT '{show,class,rehearsal,other}'::text[] NOT NULL;