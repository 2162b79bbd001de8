CREATE SEQUENCE "public"."customer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_id" uuid NOT NULL,
	"note_type" varchar(20) NOT NULL,
	"title" varchar(100) NOT NULL,
	"note" text NOT NULL,
	"photo" varchar(200),
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_number" integer DEFAULT nextval('customer_number_seq') NOT NULL,
	"name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"mother_last_name" varchar(50),
	"gender" varchar(10) NOT NULL,
	"birthday" date NOT NULL,
	"phone" varchar(10),
	"mobile_phone" varchar(10),
	"email" varchar(100),
	"marital_status" varchar(12),
	"origin_country" varchar(50),
	"reference" varchar(100),
	"tutor_id" uuid,
	"relationship" varchar(50),
	"is_tutor" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"black_list" boolean DEFAULT false NOT NULL,
	"cancellations" smallint DEFAULT 0 NOT NULL,
	"registry_branch_id" uuid,
	"photo" varchar(200),
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customers_points_non_negative" CHECK ("customers"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_id" uuid NOT NULL,
	"movement" varchar(10) NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"order_number" varchar(40),
	"reason" varchar(200),
	"user_id" uuid,
	CONSTRAINT "point_ledger_balance_non_negative" CHECK ("point_ledger"."balance_after" >= 0),
	CONSTRAINT "point_ledger_points_not_zero" CHECK ("point_ledger"."points" <> 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "loyalty_thresholds" jsonb;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tutor_id_customers_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_registry_branch_id_branches_id_fk" FOREIGN KEY ("registry_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_number_unique" ON "customers" USING btree ("customer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_mobile_unique" ON "customers" USING btree ("mobile_phone") WHERE "customers"."deleted_at" is null and "customers"."mobile_phone" is not null;--> statement-breakpoint
CREATE INDEX "customers_fullname_search_idx" ON "customers" USING gin (immutable_unaccent(lower("name" || ' ' || "last_name" || ' ' || coalesce("mother_last_name", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_mobile_search_idx" ON "customers" USING gin ((coalesce("mobile_phone", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_search_idx" ON "customers" USING gin (lower(coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_tutor_idx" ON "customers" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree ("last_name","name");--> statement-breakpoint
CREATE INDEX "point_ledger_customer_idx" ON "point_ledger" USING btree ("customer_id","created_at");