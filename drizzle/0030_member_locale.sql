ALTER TABLE "authorized_emails" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "locale" text;