CREATE TABLE "appliances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"type" varchar(20) NOT NULL,
	"name" varchar(80) NOT NULL,
	"brand" varchar(60) NOT NULL,
	"model" varchar(60) NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_appliances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"appliance_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"sku" varchar(12) NOT NULL,
	"number" varchar(20),
	"status" varchar(20) DEFAULT 'Funcionando' NOT NULL,
	"status_description" text,
	"last_maintenance" date,
	"comments" text
);
--> statement-breakpoint
CREATE TABLE "cabin_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"cabin_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"opening" time NOT NULL,
	"closing" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabin_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(60) NOT NULL,
	"order" smallint NOT NULL,
	"color" varchar(6) NOT NULL,
	"treatment_type_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(60) NOT NULL,
	"type_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" varchar(80)
);
--> statement-breakpoint
CREATE TABLE "coupon_branches" (
	"coupon_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "coupon_branches_coupon_id_branch_id_pk" PRIMARY KEY("coupon_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"coupon_id" uuid NOT NULL,
	"customer_id" uuid,
	"order_kind" varchar(10) NOT NULL,
	"order_id" uuid,
	"order_number" varchar(40),
	"branch_id" uuid,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"code" varchar(15) NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" text NOT NULL,
	"limit" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"type" varchar(10) NOT NULL,
	"treatment_id" uuid,
	"product_id" uuid,
	"discount" numeric(7, 2) NOT NULL,
	"expire_date" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."used" <= "coupons"."limit")
);
--> statement-breakpoint
CREATE TABLE "package_branches" (
	"package_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "package_branches_package_id_branch_id_pk" PRIMARY KEY("package_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "package_treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"package_id" uuid NOT NULL,
	"treatment_id" uuid NOT NULL,
	"sessions" smallint DEFAULT 1 NOT NULL,
	"limit" smallint DEFAULT 1 NOT NULL,
	"regular_price" numeric(14, 2) NOT NULL,
	"promotion_price" numeric(14, 2) NOT NULL,
	"areas_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"type" varchar(10) NOT NULL,
	"sku" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"treatment_type_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"regular_price" numeric(14, 2) NOT NULL,
	"cabain_time" smallint NOT NULL,
	"payment_type" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_by_schedule" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"end_date" date,
	"valid_by_time" boolean DEFAULT false NOT NULL,
	"start_time" time,
	"end_time" time,
	"photo" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"product_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_providers" (
	"product_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	CONSTRAINT "product_providers_product_id_provider_id_pk" PRIMARY KEY("product_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "product_stocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"product_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"allotment" varchar(40) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"price" numeric(14, 2),
	"expires_at" date,
	CONSTRAINT "product_stocks_quantity_non_negative" CHECK ("product_stocks"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(60) NOT NULL,
	"slug" varchar(30) NOT NULL,
	"requires_lot" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"product_type_id" uuid NOT NULL,
	"sku" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"brand" varchar(60) NOT NULL,
	"bar_code" varchar(40) NOT NULL,
	"description" text NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"content" numeric(12, 3) NOT NULL,
	"measure_unit" varchar(5) NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"tax" smallint NOT NULL,
	"franchise_tax" numeric(7, 2),
	"additional_cost_franchise" numeric(7, 2),
	"indirect_expenses" numeric(14, 2),
	"franchise_price" numeric(14, 2),
	"profit_porcentage" numeric(7, 2),
	"sale_price" numeric(14, 2),
	"points" integer,
	"active" boolean DEFAULT true NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_id" uuid,
	"rejected_at" timestamp with time zone,
	"rejected_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(50) NOT NULL,
	"tradename" varchar(50) NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"regime" varchar(10) NOT NULL,
	"address" varchar(50),
	"city" varchar(50),
	"state" varchar(50),
	"country" varchar(50),
	"zip_code" varchar(5),
	"email" varchar(100),
	"phone" varchar(10) NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"mobile_phone" varchar(10) NOT NULL,
	"pay_conditions" smallint NOT NULL,
	"delivery_time" varchar(50),
	"bank" varchar(50),
	"clabe_account" varchar(18),
	"bank_account" varchar(20),
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_appliances" (
	"treatment_id" uuid NOT NULL,
	"appliance_id" uuid NOT NULL,
	CONSTRAINT "treatment_appliances_treatment_id_appliance_id_pk" PRIMARY KEY("treatment_id","appliance_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_products" (
	"treatment_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "treatment_products_treatment_id_product_id_pk" PRIMARY KEY("treatment_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(80) NOT NULL,
	"treatment_type_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(40) NOT NULL,
	"hex" varchar(6) NOT NULL,
	"treatment_type_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(100) NOT NULL,
	"document" text NOT NULL,
	"treatment_type_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_areas" (
	"treatment_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	CONSTRAINT "treatment_areas_treatment_id_area_id_pk" PRIMARY KEY("treatment_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_categories" (
	"treatment_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "treatment_categories_treatment_id_category_id_pk" PRIMARY KEY("treatment_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(40) NOT NULL,
	"appointment_name" varchar(60) NOT NULL,
	"has_areas" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"sku" varchar(10) NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" text NOT NULL,
	"treatment_type_id" uuid NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"medical_fee" numeric(14, 2),
	"points" integer DEFAULT 0 NOT NULL,
	"assessment" boolean DEFAULT false NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"validity_days" integer,
	"photo" varchar(200)
);
--> statement-breakpoint
ALTER TABLE "branch_appliances" ADD CONSTRAINT "branch_appliances_appliance_id_appliances_id_fk" FOREIGN KEY ("appliance_id") REFERENCES "public"."appliances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_appliances" ADD CONSTRAINT "branch_appliances_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_schedules" ADD CONSTRAINT "cabin_schedules_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_types" ADD CONSTRAINT "cabin_types_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_type_id_cabin_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."cabin_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_branches" ADD CONSTRAINT "coupon_branches_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_branches" ADD CONSTRAINT "coupon_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_branches" ADD CONSTRAINT "package_branches_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_branches" ADD CONSTRAINT "package_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_treatments" ADD CONSTRAINT "package_treatments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_treatments" ADD CONSTRAINT "package_treatments_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_providers" ADD CONSTRAINT "product_providers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_providers" ADD CONSTRAINT "product_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_appliances" ADD CONSTRAINT "treatment_appliances_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_appliances" ADD CONSTRAINT "treatment_appliances_appliance_id_appliances_id_fk" FOREIGN KEY ("appliance_id") REFERENCES "public"."appliances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_products" ADD CONSTRAINT "treatment_products_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_products" ADD CONSTRAINT "treatment_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colors" ADD CONSTRAINT "colors_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_areas" ADD CONSTRAINT "treatment_areas_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_areas" ADD CONSTRAINT "treatment_areas_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_categories" ADD CONSTRAINT "treatment_categories_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_categories" ADD CONSTRAINT "treatment_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_treatment_type_id_treatment_types_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_appliances_number_unique" ON "branch_appliances" USING btree ("branch_id","number") WHERE "branch_appliances"."deleted_at" is null and "branch_appliances"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cabin_schedules_day_unique" ON "cabin_schedules" USING btree ("cabin_id","day") WHERE "cabin_schedules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cabins_branch_idx" ON "cabins" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (lower("code")) WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_sku_unique" ON "packages" USING btree (lower("sku")) WHERE "packages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "packages_category_idx" ON "packages" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_stocks_lot_unique" ON "product_stocks" USING btree ("product_id","branch_id","allotment") WHERE "product_stocks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_stocks_branch_idx" ON "product_stocks" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree (lower("sku")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_search_idx" ON "providers" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "treatment_categories_category_idx" ON "treatment_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_sku_unique" ON "treatments" USING btree (lower("sku")) WHERE "treatments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "treatments_search_idx" ON "treatments" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);