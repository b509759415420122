ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "onboarding_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_onboarding_id_idx" ON "audit_log" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "audit_log_ip_at_idx" ON "audit_log" USING btree ("at") WHERE ip is not null;--> statement-breakpoint
-- Hand-written (issue 17, deletion and retention): entries kept pseudonymised after earlier
-- account deletions (a subject, no user) are removed; their account.deleted entries stay, naming
-- no one (day only, no address). Crisis events keep no address. Used and expired e-mail codes go.
DELETE FROM "audit_log" WHERE "user_id" IS NULL AND "subject" IS NOT NULL AND "event" <> 'account.deleted';--> statement-breakpoint
UPDATE "audit_log" SET "ip" = NULL, "detail" = NULL, "at" = date_trunc('day', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' WHERE "user_id" IS NULL AND "subject" IS NOT NULL;--> statement-breakpoint
UPDATE "audit_log" SET "ip" = NULL WHERE "event" = 'safety.crisis_shown';--> statement-breakpoint
DELETE FROM "email_codes" WHERE "used_at" IS NOT NULL OR "expires_at" <= now();--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "subject";