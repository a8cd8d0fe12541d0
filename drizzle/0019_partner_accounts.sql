CREATE TABLE "partner_benefits" (
	"user_id" uuid NOT NULL,
	"benefit_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_benefits_user_id_benefit_id_pk" PRIMARY KEY("user_id","benefit_id")
);
--> statement-breakpoint
CREATE TABLE "partner_shares" (
	"benefit_id" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_benefits" ADD CONSTRAINT "partner_benefits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_benefits" ADD CONSTRAINT "partner_benefits_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_shares" ADD CONSTRAINT "partner_shares_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_benefits_benefit_idx" ON "partner_benefits" USING btree ("benefit_id");