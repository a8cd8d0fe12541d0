CREATE TABLE "event_draws" (
	"event_id" text PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"losers" text DEFAULT 'waitlist' NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"ran_at" timestamp with time zone,
	"ran_by" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "draw_outcome" text;--> statement-breakpoint
ALTER TABLE "event_draws" ADD CONSTRAINT "event_draws_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;