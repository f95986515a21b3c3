-- Digests of the verification links a newer one replaced (newest first, a few at most), so an
-- older link can say that a newer one was sent instead of only "invalid".
ALTER TABLE "users" ADD COLUMN "email_verification_superseded" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_email_verification_superseded" ON "users" USING gin ("email_verification_superseded");
