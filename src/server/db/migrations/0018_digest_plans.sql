CREATE TABLE "digest_plans" (
	"organization_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "digest_plans_organization_id_local_date_pk" PRIMARY KEY("organization_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "digest_plans" ADD CONSTRAINT "digest_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;