ALTER TABLE "bookings" ADD COLUMN "pass_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pass_code_unique" UNIQUE("pass_code");--> statement-breakpoint
-- Bookings made before passes existed get one too (two UUIDs: well over 128 random bits).
UPDATE "bookings" SET "pass_code" = upper(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')) WHERE "status" IN ('confirmed', 'pending', 'waitlisted');
