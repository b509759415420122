CREATE TABLE "content_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "content_modules_course_key" UNIQUE("course_id","key")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"html" text NOT NULL,
	CONSTRAINT "content_pages_key_locale" UNIQUE("key","locale"),
	CONSTRAINT "content_pages_locale_slug" UNIQUE("locale","slug")
);
--> statement-breakpoint
CREATE TABLE "course_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"pause_days" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"titles" jsonb NOT NULL,
	CONSTRAINT "course_parts_course_key" UNIQUE("course_id","key")
);
--> statement-breakpoint
CREATE TABLE "course_slugs" (
	"course_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "course_slugs_locale_slug" UNIQUE("locale","slug"),
	CONSTRAINT "course_slugs_course_locale" UNIQUE("course_id","locale")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"category" text NOT NULL,
	"public" boolean NOT NULL,
	"active" boolean NOT NULL,
	"image" text NOT NULL,
	"estimated_weeks" integer NOT NULL,
	"position" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"texts" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "worksheet_defs" (
	"key" text PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_modules" ADD CONSTRAINT "content_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_modules" ADD CONSTRAINT "content_modules_part_id_course_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."course_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_parts" ADD CONSTRAINT "course_parts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_slugs" ADD CONSTRAINT "course_slugs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_modules_part_idx" ON "content_modules" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "course_parts_course_idx" ON "course_parts" USING btree ("course_id");