ALTER TABLE "classes" ADD COLUMN "join_without_roster" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "selected_class_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_selected_class_id_classes_id_fk" FOREIGN KEY ("selected_class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;