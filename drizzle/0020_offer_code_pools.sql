CREATE TABLE "offer_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"benefit_id" text NOT NULL,
	"code" text NOT NULL,
	"booking_id" uuid,
	"email" text,
	"claimed_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_pools" (
	"benefit_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'codes' NOT NULL,
	"shared_code" text,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"claim_opens_at" timestamp with time zone,
	"claim_closes_at" timestamp with time zone,
	"low_threshold" integer,
	"low_alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_pools" ADD CONSTRAINT "offer_pools_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_codes_benefit_code_idx" ON "offer_codes" USING btree ("benefit_id","code");--> statement-breakpoint
CREATE INDEX "offer_codes_free_idx" ON "offer_codes" USING btree ("benefit_id","created_at") WHERE "offer_codes"."booking_id" is null;--> statement-breakpoint
CREATE INDEX "offer_codes_booking_idx" ON "offer_codes" USING btree ("booking_id");