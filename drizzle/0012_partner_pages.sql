CREATE TABLE "partner_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"benefit_id" text,
	"layout" text DEFAULT 'partner' NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_pages" ADD CONSTRAINT "partner_pages_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE set null ON UPDATE no action;