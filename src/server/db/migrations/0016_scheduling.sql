CREATE TABLE "attendance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_records_status" CHECK ("attendance_records"."status" in ('present', 'late', 'absent', 'excused'))
);
--> statement-breakpoint
CREATE TABLE "availability_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"start_wall" varchar(16) NOT NULL,
	"end_wall" varchar(16) NOT NULL,
	"start_date_time" timestamp with time zone NOT NULL,
	"end_date_time" timestamp with time zone NOT NULL,
	"weekly_until" date,
	"time_zone" text NOT NULL,
	"last_end" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_periods_order" CHECK ("availability_periods"."end_date_time" > "availability_periods"."start_date_time" and "availability_periods"."last_end" >= "availability_periods"."end_date_time")
);
--> statement-breakpoint
CREATE TABLE "event_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'called' NOT NULL,
	"call_time" varchar(5),
	"note" text,
	"response_note" text,
	"responded_at" timestamp with time zone,
	"link_nonce" integer DEFAULT 0 NOT NULL,
	"called_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_calls_status" CHECK ("event_calls"."status" in ('called', 'confirmed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_periods" ADD CONSTRAINT "availability_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_periods" ADD CONSTRAINT "availability_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_periods" ADD CONSTRAINT "availability_periods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_calls" ADD CONSTRAINT "event_calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_calls" ADD CONSTRAINT "event_calls_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_calls" ADD CONSTRAINT "event_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_calls" ADD CONSTRAINT "event_calls_called_by_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_event_user" ON "attendance_records" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "attendance_records_org_user" ON "attendance_records" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "availability_periods_org_user_start" ON "availability_periods" USING btree ("organization_id","user_id","start_date_time");--> statement-breakpoint
CREATE UNIQUE INDEX "event_calls_event_user" ON "event_calls" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_calls_org_user" ON "event_calls" USING btree ("organization_id","user_id");