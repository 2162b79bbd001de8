CREATE TABLE "staff_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"main" boolean NOT NULL,
	"name" varchar(100),
	"relationship" varchar(50),
	"company" varchar(80),
	"position" varchar(80),
	"boss" varchar(80),
	"phone" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" uuid NOT NULL,
	"employee_number" varchar(6) NOT NULL,
	"job_position_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"work_shift" varchar(12) NOT NULL,
	"birthdate" date NOT NULL,
	"admission_date" date NOT NULL,
	"departure_date" date,
	"reentry_date" date,
	"phone" varchar(10) NOT NULL,
	"salary" numeric(14, 2) NOT NULL,
	"isr" numeric(14, 2),
	"bank_account" varchar(18) NOT NULL,
	"gender" varchar(10) NOT NULL,
	"marital_status" varchar(20) NOT NULL,
	"nationality" varchar(50) NOT NULL,
	"birth_state" varchar(50) NOT NULL,
	"birth_city" varchar(50) NOT NULL,
	"nss" varchar(11) NOT NULL,
	"curp" varchar(18) NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"ocr" varchar(13) NOT NULL,
	"infonavit" boolean NOT NULL,
	"educational_degree" varchar(20) NOT NULL,
	"profession" varchar(50) NOT NULL,
	"professional_license" varchar(20),
	"provisional_profesional_license" varchar(20),
	"childrens" smallint DEFAULT 0 NOT NULL,
	"personal_email" varchar(100) NOT NULL,
	"blood_type" varchar(3) NOT NULL,
	"diseases" varchar(255) NOT NULL,
	"allergies" varchar(255) NOT NULL,
	"drug_allergies" varchar(255) NOT NULL,
	"address" varchar(255) NOT NULL,
	"city" varchar(50) NOT NULL,
	"state" varchar(50) NOT NULL,
	"address_ine" varchar(255) NOT NULL,
	"city_ine" varchar(50) NOT NULL,
	"state_ine" varchar(50) NOT NULL,
	CONSTRAINT "staff_files_salary_positive" CHECK ("staff_files"."salary" >= 1)
);
--> statement-breakpoint
CREATE TABLE "staff_signatures" (
	"user_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "staff_signatures_user_id_number_pk" PRIMARY KEY("user_id","number"),
	CONSTRAINT "staff_signatures_number_range" CHECK ("staff_signatures"."number" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "cash_order_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"cash_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stock_id" uuid,
	"quantity" integer NOT NULL,
	"sale_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"order_number" varchar(30) NOT NULL,
	"branch_id" uuid NOT NULL,
	"customer_id" uuid,
	"seller_id" uuid,
	"channel" varchar(10) DEFAULT 'pos' NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"taxes" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"coupon_id" uuid,
	"points" integer DEFAULT 0 NOT NULL,
	"points_redeemed" integer DEFAULT 0 NOT NULL,
	"payment_method" varchar(40) NOT NULL,
	"payment_status" varchar(24) NOT NULL,
	"payment_gateway" varchar(40),
	"pay_reference" varchar(60),
	"pay_reference_debit" varchar(60),
	"pay_reference_credit" varchar(60),
	"currency" varchar(3) DEFAULT 'MXN' NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_method" varchar(20),
	"refund_reason" text,
	"refunded_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "order_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"order_id" uuid NOT NULL,
	"treatment_id" uuid,
	"package_id" uuid,
	"quantity" integer NOT NULL,
	"sale_price" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "order_details_one_item" CHECK (("order_details"."treatment_id" is null) <> ("order_details"."package_id" is null))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"order_number" varchar(30) NOT NULL,
	"branch_id" uuid NOT NULL,
	"customer_id" uuid,
	"seller_id" uuid,
	"channel" varchar(10) DEFAULT 'pos' NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"taxes" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"coupon_id" uuid,
	"points" integer DEFAULT 0 NOT NULL,
	"points_redeemed" integer DEFAULT 0 NOT NULL,
	"payment_method" varchar(40) NOT NULL,
	"payment_status" varchar(24) NOT NULL,
	"payment_gateway" varchar(40),
	"pay_reference" varchar(60),
	"pay_reference_debit" varchar(60),
	"pay_reference_credit" varchar(60),
	"currency" varchar(3) DEFAULT 'MXN' NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_method" varchar(20),
	"refund_reason" text,
	"refunded_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "purchased_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"branch_id" uuid,
	"treatment_id" uuid NOT NULL,
	"package_id" uuid,
	"sessions" smallint NOT NULL,
	"current_session" smallint DEFAULT 0 NOT NULL,
	"limit" smallint DEFAULT 1 NOT NULL,
	"status" varchar(12) DEFAULT 'onProcess' NOT NULL,
	"changes" smallint DEFAULT 0 NOT NULL,
	"reschedules" smallint DEFAULT 0 NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"expired_at" date,
	CONSTRAINT "purchased_products_sessions" CHECK ("purchased_products"."current_session" between 0 and "purchased_products"."sessions")
);
--> statement-breakpoint
CREATE TABLE "appointment_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"appointment_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" varchar(12) NOT NULL,
	"cancellation_reason" varchar(20) NOT NULL,
	"comment" text,
	"customer_cancellation" boolean DEFAULT false NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"appointment_number" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'scheduled' NOT NULL,
	"branch_id" uuid NOT NULL,
	"cabin_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"treatment_type_id" uuid NOT NULL,
	"treatment_id" uuid,
	"package_id" uuid,
	"promo_id" uuid,
	"purchased_product_id" uuid,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"term" smallint NOT NULL,
	"appointment_method" varchar(20) NOT NULL,
	"appointment_option" varchar(20) NOT NULL,
	"sessions" smallint DEFAULT 1 NOT NULL,
	"categories_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"treatments_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"session_areas" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"observations" text,
	"confirm_method" varchar(12),
	"attended_by_id" uuid,
	"user_id" uuid,
	"consent" boolean DEFAULT false NOT NULL,
	"reschedules" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_contacts" ADD CONSTRAINT "staff_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_files" ADD CONSTRAINT "staff_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_files" ADD CONSTRAINT "staff_files_job_position_id_job_positions_id_fk" FOREIGN KEY ("job_position_id") REFERENCES "public"."job_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_files" ADD CONSTRAINT "staff_files_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_signatures" ADD CONSTRAINT "staff_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_details" ADD CONSTRAINT "cash_order_details_cash_order_id_cash_orders_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_details" ADD CONSTRAINT "cash_order_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_details" ADD CONSTRAINT "cash_order_details_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_refunded_by_id_users_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_by_id_users_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD CONSTRAINT "purchased_products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD CONSTRAINT "purchased_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD CONSTRAINT "purchased_products_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD CONSTRAINT "purchased_products_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD CONSTRAINT "purchased_products_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_cancellations" ADD CONSTRAINT "appointment_cancellations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_cancellations" ADD CONSTRAINT "appointment_cancellations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_cancellations" ADD CONSTRAINT "appointment_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_promo_id_packages_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_purchased_product_id_purchased_products_id_fk" FOREIGN KEY ("purchased_product_id") REFERENCES "public"."purchased_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attended_by_id_users_id_fk" FOREIGN KEY ("attended_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_contacts_slot_unique" ON "staff_contacts" USING btree ("user_id","kind","main");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_files_user_unique" ON "staff_files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_files_employee_number_unique" ON "staff_files" USING btree ("employee_number") WHERE "staff_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "staff_files_job_position_idx" ON "staff_files" USING btree ("job_position_id");--> statement-breakpoint
CREATE INDEX "cash_order_details_order_idx" ON "cash_order_details" USING btree ("cash_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_orders_number_unique" ON "cash_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "cash_orders_customer_idx" ON "cash_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_orders_branch_idx" ON "cash_orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "order_details_order_idx" ON "order_details" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_branch_idx" ON "orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "purchased_products_customer_idx" ON "purchased_products" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "appointment_cancellations_appointment_idx" ON "appointment_cancellations" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_cancellations_customer_idx" ON "appointment_cancellations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_number_unique" ON "appointments" USING btree ("appointment_number");--> statement-breakpoint
CREATE INDEX "appointments_branch_day_idx" ON "appointments" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "appointments_cabin_day_idx" ON "appointments" USING btree ("cabin_id","date");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("cabin_id" WITH =, tsrange("date" + "start_time", "date" + "end_time") WITH &&) WHERE ("deleted_at" IS NULL AND "status" IN ('scheduled', 'inProcess', 'finished'));
