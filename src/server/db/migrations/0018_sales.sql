CREATE SEQUENCE "public"."closing_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."sale_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"kind" varchar(12) NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"appointment_id" uuid,
	"cash_order_id" uuid,
	"order_number" varchar(30),
	"customer_id" uuid,
	"base" numeric(14, 2) NOT NULL,
	"percent" numeric(5, 2),
	"commission" numeric(14, 2) NOT NULL,
	"isr_percent" numeric(5, 2),
	"isr_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"payable" numeric(14, 2) NOT NULL,
	"reversal_of" uuid,
	CONSTRAINT "commissions_kind_valid" CHECK ("commissions"."kind" in ('medical', 'cosmetology'))
);
--> statement-breakpoint
CREATE TABLE "daily_cash_closings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"closing_number" varchar(20) NOT NULL,
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"user_id" uuid,
	"expected" jsonb NOT NULL,
	"counted" jsonb,
	"counted_cash" numeric(14, 2),
	"counted_dollars" numeric(14, 2),
	"difference_cash" numeric(14, 2),
	"difference_dollars" numeric(14, 2),
	"credit_card_total" numeric(14, 2) NOT NULL,
	"debit_card_total" numeric(14, 2) NOT NULL,
	"cash_total" numeric(14, 2) NOT NULL,
	"points_total" numeric(14, 2) NOT NULL,
	"cash_total_dollars" numeric(14, 2) NOT NULL,
	"transfer_total" numeric(14, 2) NOT NULL,
	"deposit_total" numeric(14, 2) NOT NULL,
	"refund_cash" numeric(14, 2) NOT NULL,
	"refund_credit_card_total" numeric(14, 2) NOT NULL,
	"refund_debit_card_total" numeric(14, 2) NOT NULL,
	"refund_points" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"product_cash_total" numeric(14, 2) NOT NULL,
	"product_cash_total_dollars" numeric(14, 2) NOT NULL,
	"product_refund_cash" numeric(14, 2) NOT NULL,
	"product_total" numeric(14, 2) NOT NULL,
	"comments" text
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"branch_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"goal" numeric(14, 2) NOT NULL,
	CONSTRAINT "goals_month_valid" CHECK ("goals"."month" between 1 and 12),
	CONSTRAINT "goals_goal_positive" CHECK ("goals"."goal" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_kind" varchar(10) NOT NULL,
	"order_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"exchange_rate" numeric(14, 4) DEFAULT 1 NOT NULL,
	"amount_mxn" numeric(14, 2) NOT NULL,
	"reference" varchar(60),
	"user_id" uuid,
	CONSTRAINT "sale_payments_kind_valid" CHECK ("sale_payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "sale_payments_order_kind_valid" CHECK ("sale_payments"."order_kind" in ('order', 'cashOrder')),
	CONSTRAINT "sale_payments_method_valid" CHECK ("sale_payments"."method" in ('Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito', 'Puntos')),
	CONSTRAINT "sale_payments_currency_valid" CHECK ("sale_payments"."currency" in ('MXN', 'USD')),
	CONSTRAINT "sale_payments_sign" CHECK (("sale_payments"."kind" = 'payment' and "sale_payments"."amount" > 0 and "sale_payments"."amount_mxn" > 0) or ("sale_payments"."kind" = 'refund' and "sale_payments"."amount" < 0 and "sale_payments"."amount_mxn" < 0)),
	CONSTRAINT "sale_payments_rate_positive" CHECK ("sale_payments"."exchange_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cosmetology_commission_percent" numeric(5, 2) DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "business_date" date;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "refund_business_date" date;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "change" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "idempotency_key" varchar(64);--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_business_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
-- sales made before this migration: their day at their branch, and one payment row each (its method, its total)
UPDATE "orders" o SET "business_date" = (o."created_at" AT TIME ZONE b."time_zone")::date,
  "refund_business_date" = (o."refunded_at" AT TIME ZONE b."time_zone")::date FROM "branches" b WHERE b."id" = o."branch_id";--> statement-breakpoint
UPDATE "cash_orders" o SET "business_date" = (o."created_at" AT TIME ZONE b."time_zone")::date,
  "refund_business_date" = (o."refunded_at" AT TIME ZONE b."time_zone")::date FROM "branches" b WHERE b."id" = o."branch_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "business_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_orders" ALTER COLUMN "business_date" SET NOT NULL;--> statement-breakpoint
INSERT INTO "sale_payments" ("created_at", "order_kind", "order_id", "branch_id", "business_date", "kind", "method", "currency", "amount", "exchange_rate", "amount_mxn", "reference", "user_id")
  SELECT o."created_at", 'order', o."id", o."branch_id", o."business_date", 'payment', o."payment_method", 'MXN', o."total", 1, o."total", o."pay_reference", o."seller_id"
  FROM "orders" o WHERE o."payment_status" = 'paid' AND o."total" > 0 AND o."payment_method" IN ('Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito');--> statement-breakpoint
INSERT INTO "sale_payments" ("created_at", "order_kind", "order_id", "branch_id", "business_date", "kind", "method", "currency", "amount", "exchange_rate", "amount_mxn", "reference", "user_id")
  SELECT o."created_at", 'cashOrder', o."id", o."branch_id", o."business_date", 'payment', o."payment_method", 'MXN', o."total", 1, o."total", o."pay_reference", o."seller_id"
  FROM "cash_orders" o WHERE o."payment_status" = 'paid' AND o."total" > 0 AND o."payment_method" IN ('Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito');--> statement-breakpoint
INSERT INTO "sale_payments" ("created_at", "order_kind", "order_id", "branch_id", "business_date", "kind", "method", "currency", "amount", "exchange_rate", "amount_mxn", "user_id")
  SELECT o."refunded_at", 'order', o."id", o."branch_id", o."refund_business_date", 'refund',
    CASE WHEN o."refund_method" = 'Efectivo' THEN 'Efectivo' WHEN o."refund_method" = 'Puntos' THEN 'Puntos' ELSE o."payment_method" END,
    'MXN', -o."total", 1, -o."total", o."refunded_by_id"
  FROM "orders" o WHERE o."refunded_at" IS NOT NULL AND o."payment_status" = 'paid' AND o."total" > 0 AND o."payment_method" IN ('Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito');--> statement-breakpoint
INSERT INTO "sale_payments" ("created_at", "order_kind", "order_id", "branch_id", "business_date", "kind", "method", "currency", "amount", "exchange_rate", "amount_mxn", "user_id")
  SELECT o."refunded_at", 'cashOrder', o."id", o."branch_id", o."refund_business_date", 'refund',
    CASE WHEN o."refund_method" = 'Efectivo' THEN 'Efectivo' WHEN o."refund_method" = 'Puntos' THEN 'Puntos' ELSE o."payment_method" END,
    'MXN', -o."total", 1, -o."total", o."refunded_by_id"
  FROM "cash_orders" o WHERE o."refunded_at" IS NOT NULL AND o."payment_status" = 'paid' AND o."total" > 0 AND o."payment_method" IN ('Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito');--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_cash_order_id_cash_orders_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_reversal_of_commissions_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_cash_closings" ADD CONSTRAINT "daily_cash_closings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_cash_closings" ADD CONSTRAINT "daily_cash_closings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_user_day_idx" ON "commissions" USING btree ("user_id","business_date");--> statement-breakpoint
CREATE INDEX "commissions_branch_day_idx" ON "commissions" USING btree ("kind","branch_id","business_date");--> statement-breakpoint
CREATE INDEX "commissions_appointment_idx" ON "commissions" USING btree ("appointment_id") WHERE "commissions"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "commissions_cash_order_idx" ON "commissions" USING btree ("cash_order_id") WHERE "commissions"."cash_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_cash_closings_number_unique" ON "daily_cash_closings" USING btree ("closing_number");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_cash_closings_branch_day_unique" ON "daily_cash_closings" USING btree ("branch_id","business_date") WHERE "daily_cash_closings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "daily_cash_closings_day_idx" ON "daily_cash_closings" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "goals_branch_month_unique" ON "goals" USING btree ("branch_id","year","month") WHERE "goals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sale_payments_order_idx" ON "sale_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sale_payments_branch_day_idx" ON "sale_payments" USING btree ("branch_id","business_date");--> statement-breakpoint
CREATE INDEX "cash_orders_branch_day_idx" ON "cash_orders" USING btree ("branch_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_orders_idempotency_unique" ON "cash_orders" USING btree ("idempotency_key") WHERE "cash_orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_branch_day_idx" ON "orders" USING btree ("branch_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_change_non_negative" CHECK ("cash_orders"."change" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_change_non_negative" CHECK ("orders"."change" >= 0);