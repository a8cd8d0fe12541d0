CREATE TABLE "offer_code_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"benefit_id" text NOT NULL,
	"state" text DEFAULT 'loading' NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_codes" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_code_uploads" ADD CONSTRAINT "offer_code_uploads_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_codes_upload_idx" ON "offer_codes" USING btree ("upload_id");