CREATE TABLE "attendee_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"slot_id" uuid,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_by" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "attendee_message_id" uuid;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_messages_event_idx" ON "attendee_messages" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD CONSTRAINT "outbox_jobs_attendee_message_id_attendee_messages_id_fk" FOREIGN KEY ("attendee_message_id") REFERENCES "public"."attendee_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attendee_message_idx" ON "outbox_jobs" USING btree ("attendee_message_id") WHERE "outbox_jobs"."attendee_message_id" is not null;