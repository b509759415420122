ALTER TABLE "screenings" ALTER COLUMN "crisis" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "evaluation_answers" ALTER COLUMN "score" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "evaluation_answers" ALTER COLUMN "severity" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "screening_scores" ALTER COLUMN "score" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "screening_scores" ALTER COLUMN "severity" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "screenings" ALTER COLUMN "crisis" SET DATA TYPE text;
