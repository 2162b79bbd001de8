CREATE TABLE "report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_status_valid" CHECK ("report_deliveries"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"owner_id" uuid NOT NULL,
	"report" varchar(60) NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frequency" varchar(10) NOT NULL,
	"hour" smallint NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"schedule_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_subscriptions_frequency_valid" CHECK ("report_subscriptions"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "report_subscriptions_hour_valid" CHECK ("report_subscriptions"."hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_occurrence_unique" ON "report_deliveries" USING btree ("subscription_id","occurrence");--> statement-breakpoint
CREATE INDEX "report_deliveries_due_idx" ON "report_deliveries" USING btree ("next_try_at") WHERE "report_deliveries"."status" in ('pending', 'failed', 'sending');--> statement-breakpoint
CREATE INDEX "report_subscriptions_owner_idx" ON "report_subscriptions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "report_subscriptions_active_idx" ON "report_subscriptions" USING btree ("active") WHERE "report_subscriptions"."deleted_at" is null;