CREATE TABLE "onboardings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"consent_version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "onboardings_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "screening_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screening_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"area" text NOT NULL,
	"score" integer NOT NULL,
	"band" text NOT NULL,
	"severity" integer NOT NULL,
	"answers" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "screening_scores_screening_instrument" UNIQUE("screening_id","instrument")
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"answers" text,
	"crisis" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "screening_scores" ADD CONSTRAINT "screening_scores_screening_id_screenings_id_fk" FOREIGN KEY ("screening_id") REFERENCES "public"."screenings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboardings_expires_at_idx" ON "onboardings" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "screenings_onboarding_idx" ON "screenings" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "screenings_user_idx" ON "screenings" USING btree ("user_id","kind");