CREATE SEQUENCE "public"."assortment_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."purchase_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."sale_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."transfer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "assortment_order_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer,
	"destination_stock_id" uuid,
	CONSTRAINT "assortment_order_lots_quantity_positive" CHECK ("assortment_order_lots"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "assortment_order_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assortment_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"ordered_quantity" integer NOT NULL,
	"stocked_quantity" integer,
	"received_quantity" integer,
	CONSTRAINT "assortment_order_products_quantities" CHECK ("assortment_order_products"."ordered_quantity" >= 0 and coalesce("assortment_order_products"."stocked_quantity", 0) >= 0 and coalesce("assortment_order_products"."received_quantity", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "assortment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"order_number" varchar(20) NOT NULL,
	"order_type" varchar(30) NOT NULL,
	"branch_id" uuid NOT NULL,
	"origin_branch_id" uuid,
	"status" varchar(20) DEFAULT 'En proceso' NOT NULL,
	"comments" text,
	"order_by_id" uuid,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"finished_by_id" uuid,
	"finished_at" timestamp with time zone,
	"rejected_by_id" uuid,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "assortment_orders_status_valid" CHECK ("assortment_orders"."status" in ('En proceso', 'En tránsito', 'Terminada', 'Rechazada', 'Eliminada')),
	CONSTRAINT "assortment_orders_type_valid" CHECK ("assortment_orders"."order_type" in ('opening', 'ordinary_sale', 'ordinary_general', 'extraordinary_sale', 'extraordinary_general'))
);
--> statement-breakpoint
CREATE TABLE "max_mins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"product_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"max" integer NOT NULL,
	"min" integer NOT NULL,
	CONSTRAINT "max_mins_valid" CHECK ("max_mins"."min" >= 0 and "max_mins"."max" >= 0 and "max_mins"."min" <= "max_mins"."max")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"allotment" varchar(40),
	"expires_at" date,
	"stock_id" uuid,
	CONSTRAINT "purchase_order_products_quantity_positive" CHECK ("purchase_order_products"."quantity" > 0),
	CONSTRAINT "purchase_order_products_price_non_negative" CHECK ("purchase_order_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"order_number" varchar(20) NOT NULL,
	"invoice_number" varchar(20) NOT NULL,
	"provider_id" uuid NOT NULL,
	"pay_method" varchar(30) NOT NULL,
	"arrived_at" date NOT NULL,
	"credit_expiration" date NOT NULL,
	"pay_status" varchar(12) DEFAULT 'Pendiente' NOT NULL,
	"payed_at" date,
	"tax" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"comments" text,
	"assortmented_at" timestamp with time zone,
	"received_branch_id" uuid,
	"created_by_id" uuid,
	CONSTRAINT "purchase_orders_pay_method_valid" CHECK ("purchase_orders"."pay_method" in ('Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito')),
	CONSTRAINT "purchase_orders_pay_status_valid" CHECK ("purchase_orders"."pay_status" in ('Pendiente', 'Completado')),
	CONSTRAINT "purchase_orders_amount_non_negative" CHECK ("purchase_orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_order_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_order_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_order_products_quantity_positive" CHECK ("sale_order_products"."quantity" > 0),
	CONSTRAINT "sale_order_products_price_non_negative" CHECK ("sale_order_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"order_number" varchar(20) NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"rfc" varchar(13),
	"phone" varchar(15) NOT NULL,
	"note" varchar(30) NOT NULL,
	"comments" text,
	"total_amount" numeric(14, 2) NOT NULL,
	"created_by_id" uuid,
	CONSTRAINT "sale_orders_total_non_negative" CHECK ("sale_orders"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stock_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"cause" varchar(30) NOT NULL,
	"document_type" varchar(20),
	"document_id" uuid,
	"document_number" varchar(40),
	"note" text,
	"user_id" uuid,
	CONSTRAINT "stock_movements_quantity_nonzero" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_balance_non_negative" CHECK ("stock_movements"."balance" >= 0),
	CONSTRAINT "stock_movements_cause_valid" CHECK ("stock_movements"."cause" in ('purchase_received', 'restock_sent', 'restock_received', 'restock_returned', 'transfer_sent', 'transfer_received', 'transfer_returned', 'receipt_difference', 'sale_order', 'sale_order_returned', 'adjustment_drop', 'adjustment_registration', 'expiry_write_off', 'provider_return', 'product_sale', 'product_sale_refund', 'appointment'))
);
--> statement-breakpoint
CREATE TABLE "transfer_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stocked_quantity" integer NOT NULL,
	"received_quantity" integer,
	"destination_stock_id" uuid,
	CONSTRAINT "transfer_products_quantities" CHECK ("transfer_products"."stocked_quantity" >= 0 and coalesce("transfer_products"."received_quantity", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"transfer_number" varchar(20) NOT NULL,
	"origin_branch_id" uuid NOT NULL,
	"destiny_branch_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'En proceso' NOT NULL,
	"comments" text,
	"created_by_id" uuid,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"accepted_by_id" uuid,
	"accepted_at" timestamp with time zone,
	"rejected_by_id" uuid,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "transfers_status_valid" CHECK ("transfers"."status" in ('En proceso', 'En tránsito', 'Terminada', 'Rechazada', 'Eliminada')),
	CONSTRAINT "transfers_branches_differ" CHECK ("transfers"."origin_branch_id" <> "transfers"."destiny_branch_id")
);
--> statement-breakpoint
ALTER TABLE "assortment_order_lots" ADD CONSTRAINT "assortment_order_lots_line_id_assortment_order_products_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."assortment_order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_lots" ADD CONSTRAINT "assortment_order_lots_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_lots" ADD CONSTRAINT "assortment_order_lots_destination_stock_id_product_stocks_id_fk" FOREIGN KEY ("destination_stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_products" ADD CONSTRAINT "assortment_order_products_assortment_order_id_assortment_orders_id_fk" FOREIGN KEY ("assortment_order_id") REFERENCES "public"."assortment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_products" ADD CONSTRAINT "assortment_order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_orders" ADD CONSTRAINT "assortment_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_orders" ADD CONSTRAINT "assortment_orders_origin_branch_id_branches_id_fk" FOREIGN KEY ("origin_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_orders" ADD CONSTRAINT "assortment_orders_order_by_id_users_id_fk" FOREIGN KEY ("order_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_orders" ADD CONSTRAINT "assortment_orders_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_orders" ADD CONSTRAINT "assortment_orders_finished_by_id_users_id_fk" FOREIGN KEY ("finished_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_orders" ADD CONSTRAINT "assortment_orders_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_mins" ADD CONSTRAINT "max_mins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_mins" ADD CONSTRAINT "max_mins_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_products" ADD CONSTRAINT "purchase_order_products_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_products" ADD CONSTRAINT "purchase_order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_products" ADD CONSTRAINT "purchase_order_products_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_received_branch_id_branches_id_fk" FOREIGN KEY ("received_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_products" ADD CONSTRAINT "sale_order_products_sale_order_id_sale_orders_id_fk" FOREIGN KEY ("sale_order_id") REFERENCES "public"."sale_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_products" ADD CONSTRAINT "sale_order_products_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_products" ADD CONSTRAINT "sale_order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_products" ADD CONSTRAINT "transfer_products_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_products" ADD CONSTRAINT "transfer_products_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_products" ADD CONSTRAINT "transfer_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_products" ADD CONSTRAINT "transfer_products_destination_stock_id_product_stocks_id_fk" FOREIGN KEY ("destination_stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_origin_branch_id_branches_id_fk" FOREIGN KEY ("origin_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_destiny_branch_id_branches_id_fk" FOREIGN KEY ("destiny_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assortment_order_lots_line_idx" ON "assortment_order_lots" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "assortment_order_lots_stock_idx" ON "assortment_order_lots" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "assortment_order_lots_destination_idx" ON "assortment_order_lots" USING btree ("destination_stock_id");--> statement-breakpoint
CREATE INDEX "assortment_order_products_order_idx" ON "assortment_order_products" USING btree ("assortment_order_id");--> statement-breakpoint
CREATE INDEX "assortment_order_products_product_idx" ON "assortment_order_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assortment_orders_number_unique" ON "assortment_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "assortment_orders_branch_idx" ON "assortment_orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "assortment_orders_created_idx" ON "assortment_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "max_mins_product_branch_unique" ON "max_mins" USING btree ("product_id","branch_id") WHERE "max_mins"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "max_mins_branch_idx" ON "max_mins" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "purchase_order_products_order_idx" ON "purchase_order_products" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_products_product_idx" ON "purchase_order_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "purchase_order_products_stock_idx" ON "purchase_order_products" USING btree ("stock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "purchase_orders_provider_idx" ON "purchase_orders" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sale_order_products_order_idx" ON "sale_order_products" USING btree ("sale_order_id");--> statement-breakpoint
CREATE INDEX "sale_order_products_stock_idx" ON "sale_order_products" USING btree ("stock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_orders_number_unique" ON "sale_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "sale_orders_branch_idx" ON "sale_orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_stock_idx" ON "stock_movements" USING btree ("stock_id","seq");--> statement-breakpoint
CREATE INDEX "stock_movements_product_branch_idx" ON "stock_movements" USING btree ("product_id","branch_id","seq");--> statement-breakpoint
CREATE INDEX "stock_movements_document_idx" ON "stock_movements" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transfer_products_transfer_idx" ON "transfer_products" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "transfer_products_stock_idx" ON "transfer_products" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "transfer_products_destination_idx" ON "transfer_products" USING btree ("destination_stock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_number_unique" ON "transfers" USING btree ("transfer_number");--> statement-breakpoint
CREATE INDEX "transfers_origin_idx" ON "transfers" USING btree ("origin_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_destiny_idx" ON "transfers" USING btree ("destiny_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "product_stocks_product_lot_idx" ON "product_stocks" USING btree ("product_id","allotment");--> statement-breakpoint
-- lots written before the ledger existed: one opening movement each, so every lot's quantity is the sum of its movements
INSERT INTO "stock_movements" ("created_at", "stock_id", "product_id", "branch_id", "quantity", "balance", "cause", "note")
SELECT "created_at", "id", "product_id", "branch_id", "quantity", "quantity", 'adjustment_registration', 'Saldo inicial'
FROM "product_stocks" WHERE "quantity" > 0 ORDER BY "created_at", "id";
