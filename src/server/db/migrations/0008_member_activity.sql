CREATE TABLE "member_activity_weeks" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_activity_weeks" ADD CONSTRAINT "member_activity_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_activity_weeks" ADD CONSTRAINT "member_activity_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_activity_weeks_org_week_user" ON "member_activity_weeks" USING btree ("organization_id","week","user_id");