ALTER TABLE "recordings" ADD COLUMN "size_bytes" integer;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "blob_key" text;--> statement-breakpoint
-- Recordings stored before the storage interface: their bytes move to blobs under recordings/{id}.
UPDATE "recordings" SET "blob_key" = 'recordings/' || "id", "size_bytes" = octet_length("audio");--> statement-breakpoint
INSERT INTO "blobs" ("key", "content_type", "bytes", "created_at")
	SELECT "blob_key", "mime_type", "audio", "created_at" FROM "recordings"
	ON CONFLICT ("key") DO UPDATE SET "bytes" = EXCLUDED."bytes", "content_type" = EXCLUDED."content_type";--> statement-breakpoint
ALTER TABLE "recordings" ALTER COLUMN "size_bytes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ALTER COLUMN "blob_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_blob_key_key" ON "recordings" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "recordings_task_row_idx" ON "recordings" USING btree ("task_row_id");--> statement-breakpoint
ALTER TABLE "recordings" DROP COLUMN "audio";
