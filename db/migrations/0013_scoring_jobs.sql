CREATE TABLE "scoring_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"audio" "bytea" NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"input_error" boolean DEFAULT false NOT NULL,
	"scored_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scoring_jobs_due_idx" ON "scoring_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "scoring_jobs_created_idx" ON "scoring_jobs" USING btree ("created_at");