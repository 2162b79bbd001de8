CREATE INDEX "check_ins_user_idx" ON "check_ins" USING btree ("user_id","checked_at");--> statement-breakpoint
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "change_log_user_idx" ON "change_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "change_log_branch_idx" ON "change_log" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "change_log_affected_branch_idx" ON "change_log" USING btree ("affected_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "package_treatments_package_idx" ON "package_treatments" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_treatments_treatment_idx" ON "package_treatments" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_providers_provider_idx" ON "product_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "treatment_products_product_idx" ON "treatment_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "customers_registry_branch_idx" ON "customers" USING btree ("registry_branch_id");--> statement-breakpoint
CREATE INDEX "cash_order_details_product_idx" ON "cash_order_details" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cash_order_details_stock_idx" ON "cash_order_details" USING btree ("stock_id") WHERE "cash_order_details"."stock_id" is not null;--> statement-breakpoint
CREATE INDEX "cash_orders_seller_idx" ON "cash_orders" USING btree ("seller_id","created_at") WHERE "cash_orders"."seller_id" is not null;--> statement-breakpoint
CREATE INDEX "cash_orders_coupon_idx" ON "cash_orders" USING btree ("coupon_id") WHERE "cash_orders"."coupon_id" is not null;--> statement-breakpoint
CREATE INDEX "order_details_treatment_idx" ON "order_details" USING btree ("treatment_id") WHERE "order_details"."treatment_id" is not null;--> statement-breakpoint
CREATE INDEX "order_details_package_idx" ON "order_details" USING btree ("package_id") WHERE "order_details"."package_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at") WHERE "orders"."seller_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id") WHERE "orders"."coupon_id" is not null;--> statement-breakpoint
CREATE INDEX "purchased_products_order_idx" ON "purchased_products" USING btree ("order_id") WHERE "purchased_products"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "purchased_products_treatment_idx" ON "purchased_products" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "purchased_products_package_idx" ON "purchased_products" USING btree ("package_id") WHERE "purchased_products"."package_id" is not null;--> statement-breakpoint
CREATE INDEX "purchased_products_branch_idx" ON "purchased_products" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_products_stock_idx" ON "appointment_products" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "appointment_products_product_idx" ON "appointment_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "appointments_attended_by_idx" ON "appointments" USING btree ("attended_by_id","date") WHERE "appointments"."attended_by_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_purchased_product_idx" ON "appointments" USING btree ("purchased_product_id") WHERE "appointments"."purchased_product_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_treatment_idx" ON "appointments" USING btree ("treatment_id","date") WHERE "appointments"."treatment_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_package_idx" ON "appointments" USING btree ("package_id") WHERE "appointments"."package_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_promo_idx" ON "appointments" USING btree ("promo_id") WHERE "appointments"."promo_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_valid" CHECK ("users"."status" in ('activo', 'inactivo'));--> statement-breakpoint
ALTER TABLE "staff_files" ADD CONSTRAINT "staff_files_isr_non_negative" CHECK ("staff_files"."isr" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_exchange_rate_positive" CHECK ("settings"."default_exchange_rate" > 0);--> statement-breakpoint
ALTER TABLE "branch_appliances" ADD CONSTRAINT "branch_appliances_status_valid" CHECK ("branch_appliances"."status" in ('Funcionando', 'Averiado', 'Con fallas', 'En reparación'));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_discount_percent" CHECK ("coupons"."discount" between 0 and 100);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_type_valid" CHECK ("coupons"."type" in ('Treatment', 'Product'));--> statement-breakpoint
ALTER TABLE "package_treatments" ADD CONSTRAINT "package_treatments_sessions_positive" CHECK ("package_treatments"."sessions" > 0);--> statement-breakpoint
ALTER TABLE "package_treatments" ADD CONSTRAINT "package_treatments_prices_non_negative" CHECK ("package_treatments"."regular_price" >= 0 and "package_treatments"."promotion_price" >= 0);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_type_valid" CHECK ("packages"."type" in ('Package', 'Promotion'));--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_prices_non_negative" CHECK ("packages"."price" >= 0 and "packages"."regular_price" >= 0 and "packages"."points" >= 0);--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_price_non_negative" CHECK ("product_stocks"."price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_amounts_non_negative" CHECK ("products"."cost" >= 0 and "products"."content" >= 0 and "products"."franchise_tax" >= 0 and "products"."additional_cost_franchise" >= 0 and "products"."indirect_expenses" >= 0 and "products"."franchise_price" >= 0 and "products"."profit_porcentage" >= 0 and "products"."sale_price" >= 0);--> statement-breakpoint
ALTER TABLE "treatment_products" ADD CONSTRAINT "treatment_products_quantity_positive" CHECK ("treatment_products"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_prices_non_negative" CHECK ("treatments"."price" >= 0 and "treatments"."medical_fee" >= 0 and "treatments"."points" >= 0);--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_movement_valid" CHECK ("point_ledger"."movement" in ('earned', 'redeemed', 'expired', 'adjusted'));--> statement-breakpoint
ALTER TABLE "cash_order_details" ADD CONSTRAINT "cash_order_details_quantity_positive" CHECK ("cash_order_details"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "cash_order_details" ADD CONSTRAINT "cash_order_details_prices_non_negative" CHECK ("cash_order_details"."sale_price" >= 0 and "cash_order_details"."price" >= 0);--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_amounts_non_negative" CHECK ("cash_orders"."subtotal" >= 0 and "cash_orders"."discount_total" >= 0 and "cash_orders"."taxes" >= 0 and "cash_orders"."total" >= 0);--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_points_non_negative" CHECK ("cash_orders"."points" >= 0 and "cash_orders"."points_redeemed" >= 0);--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_payment_status_valid" CHECK ("cash_orders"."payment_status" in ('paid', 'error', 'pending_payment', 'pending_confirmation'));--> statement-breakpoint
ALTER TABLE "cash_orders" ADD CONSTRAINT "cash_orders_channel_valid" CHECK ("cash_orders"."channel" in ('pos', 'app', 'online'));--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_quantity_positive" CHECK ("order_details"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_prices_non_negative" CHECK ("order_details"."sale_price" >= 0 and "order_details"."price" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."subtotal" >= 0 and "orders"."discount_total" >= 0 and "orders"."taxes" >= 0 and "orders"."total" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_points_non_negative" CHECK ("orders"."points" >= 0 and "orders"."points_redeemed" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" in ('paid', 'error', 'pending_payment', 'pending_confirmation'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_valid" CHECK ("orders"."channel" in ('pos', 'app', 'online'));--> statement-breakpoint
ALTER TABLE "purchased_products" ADD CONSTRAINT "purchased_products_status_valid" CHECK ("purchased_products"."status" in ('onProcess', 'finished', 'refunded', 'expired'));--> statement-breakpoint
ALTER TABLE "appointment_cancellations" ADD CONSTRAINT "appointment_cancellations_type_valid" CHECK ("appointment_cancellations"."type" in ('cancellation', 'reschedule'));--> statement-breakpoint
ALTER TABLE "appointment_products" ADD CONSTRAINT "appointment_products_quantity_positive" CHECK ("appointment_products"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" in ('scheduled', 'inProcess', 'finished', 'cancelled', 'absence'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_medical_fee_non_negative" CHECK ("appointments"."medical_fee" >= 0);--> statement-breakpoint
ALTER TABLE "locks" ADD CONSTRAINT "locks_type_valid" CHECK ("locks"."type" in ('hour', 'cabain', 'day', 'hours_range', 'days_range'));