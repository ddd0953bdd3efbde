CREATE INDEX "answers_answered_at_idx" ON "answers" USING btree ("answered_at");--> statement-breakpoint
CREATE INDEX "results_created_at_idx" ON "results" USING btree ("created_at");--> statement-breakpoint
-- The embedded database (PGlite) has no autovacuum, so its tables were never analyzed and the planner
-- guessed: the live view's catch-up read every answer of the term (a class of 50: 93,000 answers,
-- 0.4 s) instead of the last day's through the index above (35 ms). Statistics once taken keep the
-- index in use as the tables grow (the planner reads the newest time from the index itself).
ANALYZE "answers", "results", "task_rows", "assignments", "roster_entries", "reports";
