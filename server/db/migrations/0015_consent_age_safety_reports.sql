CREATE TABLE "safety_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"locale" text NOT NULL,
	"received_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_version" text;--> statement-breakpoint
CREATE INDEX "safety_reports_received_on_idx" ON "safety_reports" USING btree ("received_on");