ALTER TABLE "images" ADD COLUMN "hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_hash_unique" UNIQUE("hash");