CREATE TABLE "bankid_evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"order_ref" text NOT NULL,
	"signature" text NOT NULL,
	"ocsp_response" text NOT NULL,
	"device_ip_address" text,
	"bank_id_issue_date" text,
	"step_up" boolean
);
--> statement-breakpoint
CREATE TABLE "bankid_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"personal_number_hash" text NOT NULL,
	"personal_number" text NOT NULL,
	"name" text NOT NULL,
	"given_name" text NOT NULL,
	"surname" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bankid_identities_personal_number_hash_unique" UNIQUE("personal_number_hash")
);
--> statement-breakpoint
CREATE TABLE "bankid_orders" (
	"handle_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"device" text NOT NULL,
	"order_ref" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret" text NOT NULL,
	"binding_hash" text NOT NULL,
	"status" text NOT NULL,
	"hint_code" text,
	"locale" text NOT NULL,
	"terms_version" text,
	"onboarding_token" text,
	"user_id" uuid,
	"ip" text,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bankid_sim_orders" (
	"order_ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"end_user_ip" text NOT NULL,
	"auto_start_token" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret" text NOT NULL,
	"status" text NOT NULL,
	"hint_code" text NOT NULL,
	"personal_number" text,
	"requirement" jsonb,
	"completion" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bankid_sim_orders_auto_start_token_unique" UNIQUE("auto_start_token"),
	CONSTRAINT "bankid_sim_orders_qr_start_token_unique" UNIQUE("qr_start_token")
);
--> statement-breakpoint
ALTER TABLE "bankid_evidence" ADD CONSTRAINT "bankid_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bankid_identities" ADD CONSTRAINT "bankid_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD CONSTRAINT "bankid_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bankid_evidence_user_id_idx" ON "bankid_evidence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bankid_orders_expires_at_idx" ON "bankid_orders" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "bankid_sim_orders_personal_number_idx" ON "bankid_sim_orders" USING btree ("personal_number");