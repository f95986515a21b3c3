-- Volunteer shifts: an organization's list of positions, shifts on calendar occurrences, and who
-- holds each place. volunteer_shifts.taken counts the shift's signups and is kept by a trigger on
-- volunteer_signups, so "no more signups than places" holds in the database whatever writes: two
-- members taking the last place at once queue on the shift's row and the second is refused with
-- SQLSTATE GR020 (answered 409, the shift is full).
ALTER TABLE "organizations" ADD COLUMN "volunteer_hours_target" numeric(6, 2);
--> statement-breakpoint
CREATE TABLE "volunteer_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"places" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"start_date_time" timestamp with time zone NOT NULL,
	"end_date_time" timestamp with time zone NOT NULL,
	"note" text,
	"team_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_shifts_places" CHECK ("volunteer_shifts"."places" > 0 and "volunteer_shifts"."taken" >= 0 and "volunteer_shifts"."taken" <= "volunteer_shifts"."places"),
	CONSTRAINT "volunteer_shifts_order" CHECK ("volunteer_shifts"."end_date_time" > "volunteer_shifts"."start_date_time")
);
--> statement-breakpoint
CREATE TABLE "volunteer_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"offered_at" timestamp with time zone,
	"check_in" text,
	"checked_in_by" integer,
	"checked_in_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_signups_check_in" CHECK ("volunteer_signups"."check_in" in ('present', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "volunteer_positions" ADD CONSTRAINT "volunteer_positions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_position_id_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."volunteer_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_shift_id_volunteer_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."volunteer_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_positions_org_name" ON "volunteer_positions" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "volunteer_shifts_org_start" ON "volunteer_shifts" USING btree ("organization_id","start_date_time");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_event" ON "volunteer_shifts" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_signups_shift_user" ON "volunteer_signups" USING btree ("shift_id","user_id");--> statement-breakpoint
CREATE INDEX "volunteer_signups_org_user" ON "volunteer_signups" USING btree ("organization_id","user_id");
--> statement-breakpoint
CREATE FUNCTION volunteer_signups_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE volunteer_shifts SET taken = taken + 1 WHERE id = NEW.shift_id AND taken < places;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'This shift is full.' USING ERRCODE = 'GR020';
    END IF;
  ELSE
    UPDATE volunteer_shifts SET taken = taken - 1 WHERE id = OLD.shift_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER volunteer_signups_counted AFTER INSERT OR DELETE ON "volunteer_signups"
  FOR EACH ROW EXECUTE FUNCTION volunteer_signups_count();
