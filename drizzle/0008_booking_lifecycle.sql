CREATE TABLE "booking_reminders" (
	"booking_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"outcome" text DEFAULT 'sent' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_days_before_pk" PRIMARY KEY("booking_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "member_login_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"binding_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_event_email_unique";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_login_codes_email_idx" ON "member_login_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "bookings_event_email_idx" ON "bookings" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "bookings_event_status_idx" ON "bookings" USING btree ("event_id","status","created_at");--> statement-breakpoint
UPDATE "bookings" SET "placed_at" = "created_at" WHERE "status" IN ('confirmed', 'pending');