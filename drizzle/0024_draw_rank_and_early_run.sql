ALTER TABLE "bookings" ADD COLUMN "draw_rank" integer;--> statement-breakpoint
ALTER TABLE "event_draws" ADD COLUMN "run_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_draws" ADD COLUMN "run_requested_by" text;--> statement-breakpoint
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
