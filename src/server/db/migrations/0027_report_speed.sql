ALTER TABLE "sale_payments" ADD COLUMN "channel" varchar(10);--> statement-breakpoint
ALTER TABLE "sale_payments" ADD COLUMN "sale_date" date;--> statement-breakpoint
UPDATE "sale_payments" p SET "channel" = s."channel", "sale_date" = s."business_date" FROM "orders" s WHERE p."order_kind" = 'order' AND s."id" = p."order_id";--> statement-breakpoint
UPDATE "sale_payments" p SET "channel" = s."channel", "sale_date" = s."business_date" FROM "cash_orders" s WHERE p."order_kind" = 'cashOrder' AND s."id" = p."order_id";--> statement-breakpoint
-- a payment or refund carries its sale's channel and business day, whoever writes it: the sales reports read a
-- period's money from sale_payments' index alone (a sale's channel and day never change once it is written)
CREATE OR REPLACE FUNCTION sale_payments_sale_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_kind = 'order' THEN
    SELECT s.channel, s.business_date INTO NEW.channel, NEW.sale_date FROM orders s WHERE s.id = NEW.order_id;
  ELSE
    SELECT s.channel, s.business_date INTO NEW.channel, NEW.sale_date FROM cash_orders s WHERE s.id = NEW.order_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sale_payments_sale_copy BEFORE INSERT OR UPDATE OF order_id, order_kind ON sale_payments
  FOR EACH ROW EXECUTE FUNCTION sale_payments_sale_copy();--> statement-breakpoint
CREATE INDEX "cash_orders_change_day_idx" ON "cash_orders" USING btree ("business_date","branch_id","channel","change") WHERE "cash_orders"."change" > 0;--> statement-breakpoint
CREATE INDEX "orders_change_day_idx" ON "orders" USING btree ("business_date","branch_id","channel","change") WHERE "orders"."change" > 0;--> statement-breakpoint
CREATE INDEX "sale_payments_report_idx" ON "sale_payments" USING btree ("business_date","branch_id","order_kind","channel","kind","method","currency","amount","amount_mxn");--> statement-breakpoint
CREATE INDEX "sale_payments_refund_sale_day_idx" ON "sale_payments" USING btree ("sale_date","branch_id") WHERE "sale_payments"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "appointments_report_idx" ON "appointments" USING btree ("date","branch_id","status","appointment_method","confirm_method") WHERE "appointments"."deleted_at" is null;
