CREATE TABLE "admin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "authorized_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorized_emails_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "benefit_click_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_email" text NOT NULL,
	"benefit_id" text NOT NULL,
	"benefit_title" text NOT NULL,
	"click_time" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "benefits" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"image_id" uuid,
	"booking_text" text DEFAULT '' NOT NULL,
	"booking_url" text DEFAULT '' NOT NULL,
	"form_description" text,
	"excel_tab1_link" text,
	"excel_tab1_name" text,
	"excel_tab2_link" text,
	"excel_tab2_name" text,
	"partner_contact_email" text,
	"has_slot_logic" boolean DEFAULT false NOT NULL,
	"booking_mode" text DEFAULT 'EXTERNAL_REDIRECT' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'benefit' NOT NULL,
	"action" text DEFAULT 'modal' NOT NULL,
	"action_target" text,
	"partner_page" text,
	"date_label" text DEFAULT '' NOT NULL,
	"modal" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "benefits_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"full_name" text,
	"phone_number" text,
	"slot_id" uuid,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"places" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamic_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"benefit_id" text NOT NULL,
	"config_id" uuid,
	"booking_id" uuid,
	"submission_data" jsonb NOT NULL,
	"user_email" text NOT NULL,
	"total_attendees" integer DEFAULT 1 NOT NULL,
	"submission_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"slot_date" date,
	"slot_time" text NOT NULL,
	"capacity" integer DEFAULT 10 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_key" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"benefit_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"capacity" integer,
	"partner_contact_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"display_name" text NOT NULL,
	"field_type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"placeholder" text,
	"help_text" text,
	"validation" jsonb,
	"options" jsonb,
	"grouping" text,
	"ordering" integer DEFAULT 0 NOT NULL,
	"column_mapping" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submission_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_email" text NOT NULL,
	"submission_type" text DEFAULT 'FORM' NOT NULL,
	"form_type" text,
	"benefit_id" text,
	"benefit_title" text,
	"submission_time" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_data" jsonb,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_access_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_email" text NOT NULL,
	"access_time" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsvp_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"benefit_id" text NOT NULL,
	"config_name" text NOT NULL,
	"slot_config" jsonb NOT NULL,
	"notifications" jsonb NOT NULL,
	"behavior" jsonb NOT NULL,
	"sheet_mapping" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_submissions" ADD CONSTRAINT "dynamic_submissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_config_id_rsvp_configurations_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."rsvp_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_time_idx" ON "benefit_click_logs" USING btree ("click_time");--> statement-breakpoint
CREATE INDEX "click_benefit_idx" ON "benefit_click_logs" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "benefits_order_idx" ON "benefits" USING btree ("display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_event_email_unique" ON "bookings" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_slots_unique" ON "event_slots" USING btree ("event_id",coalesce("slot_date", '1970-01-01'),"slot_time");--> statement-breakpoint
CREATE INDEX "submission_time_idx" ON "form_submission_logs" USING btree ("submission_time");--> statement-breakpoint
CREATE INDEX "submission_benefit_idx" ON "form_submission_logs" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "portal_access_time_idx" ON "portal_access_logs" USING btree ("access_time");--> statement-breakpoint
CREATE INDEX "sessions_email_idx" ON "sessions" USING btree ("email");