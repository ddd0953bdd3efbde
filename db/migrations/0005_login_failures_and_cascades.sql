CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_book_id_books_id_fk";
--> statement-breakpoint
ALTER TABLE "roster_entries" DROP CONSTRAINT "roster_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Word lists of units that no longer exist (left by deleted books) would block the new key.
DELETE FROM "unit_words" uw WHERE NOT EXISTS (SELECT 1 FROM "units" u WHERE u.book_id = uw.book_id AND u.unit_id = uw.unit_id);--> statement-breakpoint
ALTER TABLE "unit_words" ADD CONSTRAINT "unit_words_unit_fk" FOREIGN KEY ("book_id","unit_id") REFERENCES "public"."units"("book_id","unit_id") ON DELETE cascade ON UPDATE no action;