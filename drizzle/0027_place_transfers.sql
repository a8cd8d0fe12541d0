CREATE TABLE "place_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"sender_email" text NOT NULL,
	"recipient_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"booking_sequence" integer NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"new_booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_transfers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "benefits" ADD COLUMN "transfer_settings" jsonb;--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_new_booking_id_bookings_id_fk" FOREIGN KEY ("new_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "place_transfers_one_open" ON "place_transfers" USING btree ("booking_id") WHERE "place_transfers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "place_transfers_sender_idx" ON "place_transfers" USING btree ("sender_email","status");--> statement-breakpoint
CREATE INDEX "place_transfers_event_idx" ON "place_transfers" USING btree ("event_id");