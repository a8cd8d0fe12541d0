CREATE TABLE "offer_code_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"benefit_id" text NOT NULL,
	"state" text DEFAULT 'loading' NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "member_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "draw_rank" integer;--> statement-breakpoint
ALTER TABLE "event_draws" ADD COLUMN "run_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_draws" ADD COLUMN "run_requested_by" text;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_code_uploads" ADD CONSTRAINT "offer_code_uploads_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_codes_upload_idx" ON "offer_codes" USING btree ("upload_id");--> statement-breakpoint
-- Decision 050: draws already made get their waitlist back in draw order. Each draw-waitlisted entry takes its rank
-- among those not drawn from the published order, and an event's draw-waitlisted entries share one creation instant
-- (their earliest), so (created_at, draw_rank) orders them as the draw did.
UPDATE "bookings" AS b SET "draw_rank" = x.rank, "created_at" = x.base
FROM (
  SELECT o.id, o.rank, min(w."created_at") OVER (PARTITION BY w."event_id") AS base
  FROM (
    SELECT (t.e->>'id')::uuid AS id, row_number() OVER (PARTITION BY d."event_id" ORDER BY t.ord)::int AS rank
    FROM "event_draws" AS d, jsonb_array_elements(d."result"->'order') WITH ORDINALITY AS t(e, ord)
    WHERE d."result" IS NOT NULL AND t.e->>'outcome' = 'not_drawn'
  ) AS o
  JOIN "bookings" AS w ON w."id" = o.id AND w."draw_outcome" = 'waitlisted'
) AS x
WHERE b."id" = x.id;
