CREATE TABLE "appointment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"state_sequence" integer DEFAULT 0 NOT NULL,
	"mailed_date" date NOT NULL,
	"mailed_start" time NOT NULL,
	"mailed_end" time NOT NULL,
	"mailed_branch_id" uuid NOT NULL,
	"reminded_date" date,
	"cancelled_at" timestamp with time zone,
	"last_status" varchar(10) DEFAULT 'pending' NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_via" varchar(10),
	"reschedule_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_last_status_valid" CHECK ("appointment_reminders"."last_status" in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "reminder_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"channel" varchar(10) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_links_channel_valid" CHECK ("reminder_links"."channel" in ('email', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "reminder_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_messages_kind_valid" CHECK ("reminder_messages"."kind" in ('request', 'update', 'cancel')),
	CONSTRAINT "reminder_messages_status_valid" CHECK ("reminder_messages"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "reminder_hour" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_links" ADD CONSTRAINT "reminder_links_reminder_id_appointment_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."appointment_reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_messages" ADD CONSTRAINT "reminder_messages_reminder_id_appointment_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."appointment_reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_appointment_unique" ON "appointment_reminders" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_reminders_open_idx" ON "appointment_reminders" USING btree ("mailed_date") WHERE "appointment_reminders"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_links_token_unique" ON "reminder_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reminder_links_reminder_idx" ON "reminder_links" USING btree ("reminder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_messages_sequence_unique" ON "reminder_messages" USING btree ("reminder_id","sequence");--> statement-breakpoint
CREATE INDEX "reminder_messages_due_idx" ON "reminder_messages" USING btree ("next_try_at") WHERE "reminder_messages"."status" in ('pending', 'failed', 'sending');--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_reminder_hour_valid" CHECK ("branches"."reminder_hour" between 0 and 23);