CREATE TABLE "wallet_registrations" (
	"device_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_registrations_device_id_pass_type_id_booking_id_pk" PRIMARY KEY("device_id","pass_type_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;