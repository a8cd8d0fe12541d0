ALTER TABLE "benefits" ADD COLUMN "card_opens" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "benefit_type" text DEFAULT 'event' NOT NULL;--> statement-breakpoint
-- The demo week's events as they were seeded before their type was data (common/benefit-type.ts).
UPDATE "events" SET "benefit_type" = 'tour' WHERE "id" IN ('ap-house', 'mclaren-tour');--> statement-breakpoint
UPDATE "events" SET "benefit_type" = 'interest' WHERE "id" IN ('sothebys-private-auction', 'jai');--> statement-breakpoint
UPDATE "events" SET "benefit_type" = 'offer' WHERE "id" IN ('wristcheck', 'capella-day-pass') OR "booking_form" = 'external';
