CREATE TABLE "answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_row_id" integer NOT NULL,
	"position" integer NOT NULL,
	"word" text NOT NULL,
	"typed" text NOT NULL,
	"status" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"book_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"type" text NOT NULL,
	"origin" text DEFAULT 'teacher' NOT NULL,
	"due_days" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"level" text,
	"school_id" text,
	"press_id" text,
	"first_unit" text NOT NULL,
	"last_unit" text NOT NULL,
	"owner_teacher_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"school_id" text NOT NULL,
	"press_id" text NOT NULL,
	"tb_task_type" text DEFAULT 'PA+SB' NOT NULL,
	"spelling_timeout_sec" smallint DEFAULT 15 NOT NULL,
	"task_due_days" smallint DEFAULT 7 NOT NULL,
	"fm_batch_size" smallint DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_words" (
	"level" text NOT NULL,
	"word_id" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "level_words_level_word_id_pk" PRIMARY KEY("level","word_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"report_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_options" (
	"school_id" text NOT NULL,
	"press_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	CONSTRAINT "press_options_school_id_press_id_pk" PRIMARY KEY("school_id","press_id")
);
--> statement-breakpoint
CREATE TABLE "pronunciation_words" (
	"result_id" integer NOT NULL,
	"position" integer NOT NULL,
	"word" text NOT NULL,
	"score" smallint NOT NULL,
	"heard" boolean NOT NULL,
	"error" text NOT NULL,
	"start_sec" real,
	"end_sec" real,
	"phones" jsonb NOT NULL,
	CONSTRAINT "pronunciation_words_result_id_position_pk" PRIMARY KEY("result_id","position")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_row_id" integer,
	"user_id" integer NOT NULL,
	"mime_type" text NOT NULL,
	"audio" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_row_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"student_name" text NOT NULL,
	"student_key" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"roster_entry_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"words" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unit_words" (
	"book_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"position" integer NOT NULL,
	"word_id" integer NOT NULL,
	CONSTRAINT "unit_words_book_id_unit_id_position_pk" PRIMARY KEY("book_id","unit_id","position")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"book_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	CONSTRAINT "units_book_id_unit_id_pk" PRIMARY KEY("book_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_teacher" boolean NOT NULL,
	"teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_passes" (
	"user_id" integer NOT NULL,
	"word_id" integer NOT NULL,
	"first_passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vocabulary_passes_user_id_word_id_pk" PRIMARY KEY("user_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "word_memory" (
	"user_id" integer NOT NULL,
	"word_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" real NOT NULL,
	"difficulty" real NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "word_memory_user_id_word_id_pk" PRIMARY KEY("user_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "words" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"part_of_speech" text DEFAULT '' NOT NULL,
	"phonetic" text DEFAULT '' NOT NULL,
	"definition" text DEFAULT '' NOT NULL,
	"sentences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"picture" text
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_task_row_id_task_rows_id_fk" FOREIGN KEY ("task_row_id") REFERENCES "public"."task_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_owner_teacher_id_users_id_fk" FOREIGN KEY ("owner_teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_words" ADD CONSTRAINT "level_words_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pronunciation_words" ADD CONSTRAINT "pronunciation_words_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_task_row_id_task_rows_id_fk" FOREIGN KEY ("task_row_id") REFERENCES "public"."task_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_task_row_id_task_rows_id_fk" FOREIGN KEY ("task_row_id") REFERENCES "public"."task_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rows" ADD CONSTRAINT "task_rows_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rows" ADD CONSTRAINT "task_rows_roster_entry_id_roster_entries_id_fk" FOREIGN KEY ("roster_entry_id") REFERENCES "public"."roster_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_words" ADD CONSTRAINT "unit_words_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_passes" ADD CONSTRAINT "vocabulary_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_passes" ADD CONSTRAINT "vocabulary_passes_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_memory" ADD CONSTRAINT "word_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_memory" ADD CONSTRAINT "word_memory_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_task_position_key" ON "answers" USING btree ("task_row_id","position");--> statement-breakpoint
CREATE INDEX "assignments_class_unit_idx" ON "assignments" USING btree ("class_id","book_id","unit_id","type");--> statement-breakpoint
CREATE INDEX "books_press_idx" ON "books" USING btree ("school_id","press_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_teacher_name_key" ON "classes" USING btree ("teacher_id","name_key");--> statement-breakpoint
CREATE INDEX "level_words_rank_idx" ON "level_words" USING btree ("level","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_file_name_key" ON "reports" USING btree ("file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_result_key" ON "reports" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "reports_expire_idx" ON "reports" USING btree ("expire_at");--> statement-breakpoint
CREATE UNIQUE INDEX "results_task_row_key" ON "results" USING btree ("task_row_id");--> statement-breakpoint
CREATE INDEX "results_user_idx" ON "results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_class_student_key" ON "roster_entries" USING btree ("class_id","student_key");--> statement-breakpoint
CREATE INDEX "roster_user_idx" ON "roster_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "roster_student_key_idx" ON "roster_entries" USING btree ("student_key");--> statement-breakpoint
CREATE UNIQUE INDEX "task_rows_assignment_student_key" ON "task_rows" USING btree ("assignment_id","roster_entry_id");--> statement-breakpoint
CREATE INDEX "task_rows_student_status_idx" ON "task_rows" USING btree ("roster_entry_id","status");--> statement-breakpoint
CREATE INDEX "unit_words_word_idx" ON "unit_words" USING btree ("word_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_book_ordinal_key" ON "units" USING btree ("book_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username_key");--> statement-breakpoint
CREATE INDEX "users_teacher_idx" ON "users" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "word_memory_due_idx" ON "word_memory" USING btree ("user_id","due");--> statement-breakpoint
CREATE UNIQUE INDEX "words_text_key" ON "words" USING btree ("text_key");