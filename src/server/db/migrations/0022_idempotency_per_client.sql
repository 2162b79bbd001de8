DROP INDEX "cash_orders_idempotency_unique";--> statement-breakpoint
DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "idempotency_client_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_orders_idempotency_unique" ON "cash_orders" USING btree ("idempotency_client_id","idempotency_key") WHERE "cash_orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("idempotency_client_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;