DROP INDEX "sale_payments_order_idx";--> statement-breakpoint
DROP INDEX "sale_payments_branch_day_idx";--> statement-breakpoint
CREATE INDEX "product_stocks_branch_product_idx" ON "product_stocks" USING btree ("branch_id","product_id","expires_at","quantity","allotment","id") WHERE "product_stocks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sale_payments_order_idx" ON "sale_payments" USING btree ("order_id","order_kind","kind","method");--> statement-breakpoint
CREATE INDEX "sale_payments_branch_day_idx" ON "sale_payments" USING btree ("branch_id","business_date","order_kind","kind","method","order_id");