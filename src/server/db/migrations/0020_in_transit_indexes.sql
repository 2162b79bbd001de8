DROP INDEX "assortment_order_products_order_idx";--> statement-breakpoint
CREATE INDEX "assortment_orders_in_transit_idx" ON "assortment_orders" USING btree ("branch_id") WHERE "assortment_orders"."status" = 'En tránsito';--> statement-breakpoint
CREATE INDEX "transfers_in_transit_idx" ON "transfers" USING btree ("destiny_branch_id") WHERE "transfers"."status" = 'En tránsito';--> statement-breakpoint
CREATE INDEX "assortment_order_products_order_idx" ON "assortment_order_products" USING btree ("assortment_order_id","product_id");