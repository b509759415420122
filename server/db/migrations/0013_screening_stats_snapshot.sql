CREATE TABLE "screening_stats_snapshots" (
	"key" text PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"stats" jsonb NOT NULL
);
