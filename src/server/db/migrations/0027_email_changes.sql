-- A requested change of a member's e-mail address, waiting for the link sent to the new address.
-- Rows stay after they are used or replaced, so an old link can say what became of it; only a
-- SHA-256 of the link's token is kept. At most one request per member is open at a time.
CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"requested_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_token_hash" ON "email_changes" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_open_per_user" ON "email_changes" USING btree ("user_id") WHERE "email_changes"."confirmed_at" is null and "email_changes"."superseded_at" is null;
