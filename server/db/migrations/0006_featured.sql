CREATE TABLE "featured_content" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"course_key" text,
	"module_key" text,
	"page_key" text,
	"titles" jsonb NOT NULL,
	"texts" jsonb NOT NULL
);
