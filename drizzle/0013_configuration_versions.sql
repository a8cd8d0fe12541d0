ALTER TABLE "rsvp_configurations" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvp_configurations" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "rsvp_configurations" ADD COLUMN "deployed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rsvp_configurations" ADD COLUMN "deployed_by" text;--> statement-breakpoint
-- Existing rows: one live per benefit (the newest), numbered version 1; a newer saved-not-deployed row is the draft.
UPDATE "rsvp_configurations" SET "is_active" = false WHERE "is_active" AND "id" NOT IN (SELECT DISTINCT ON ("benefit_id") "id" FROM "rsvp_configurations" WHERE "is_active" ORDER BY "benefit_id", "updated_at" DESC);--> statement-breakpoint
UPDATE "rsvp_configurations" SET "version" = 1, "deployed_at" = "updated_at" WHERE "is_active";--> statement-breakpoint
UPDATE "rsvp_configurations" SET "is_draft" = true WHERE NOT "is_active" AND "id" IN (SELECT DISTINCT ON ("benefit_id") "id" FROM "rsvp_configurations" ORDER BY "benefit_id", "updated_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "rsvp_configurations_one_draft" ON "rsvp_configurations" USING btree ("benefit_id") WHERE "rsvp_configurations"."is_draft";--> statement-breakpoint
CREATE UNIQUE INDEX "rsvp_configurations_one_live" ON "rsvp_configurations" USING btree ("benefit_id") WHERE "rsvp_configurations"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "rsvp_configurations_version" ON "rsvp_configurations" USING btree ("benefit_id","version");