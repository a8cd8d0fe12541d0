ALTER TABLE "attendee_messages" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "benefits" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "partner_pages" ADD COLUMN "translations" jsonb;