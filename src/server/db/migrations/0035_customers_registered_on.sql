DROP INDEX "customers_created_at_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registered_on" date;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "customer_registered_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_registered_on" date;--> statement-breakpoint
-- The customers report's registration day (docs/architecture.md «Resúmenes de los reportes»): a customer's is the registry
-- branch's own day of created_at (the business zone without one); each sale carries its customer's while the customer is
-- not deleted. Triggers keep both: a customer registered, moved to another branch, deleted or restored, a branch's zone
-- changed, a sale's customer set.
CREATE FUNCTION customer_registration_day(created timestamptz, branch uuid) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (created AT TIME ZONE coalesce((SELECT b.time_zone FROM branches b WHERE b.id = branch), 'America/Tijuana'))::date
$$;--> statement-breakpoint
-- the detail as the triggers would have kept it: after the migration, and after a load that skipped the triggers
CREATE FUNCTION customer_registration_refresh() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET registered_on = customer_registration_day(created_at, registry_branch_id)
  WHERE registered_on IS DISTINCT FROM customer_registration_day(created_at, registry_branch_id);
  UPDATE orders o SET customer_registered_on = c.registered_on FROM customers c
  WHERE c.id = o.customer_id AND c.deleted_at IS NULL AND o.customer_registered_on IS DISTINCT FROM c.registered_on;
  UPDATE orders o SET customer_registered_on = NULL FROM customers c
  WHERE c.id = o.customer_id AND c.deleted_at IS NOT NULL AND o.customer_registered_on IS NOT NULL;
  UPDATE cash_orders o SET customer_registered_on = c.registered_on FROM customers c
  WHERE c.id = o.customer_id AND c.deleted_at IS NULL AND o.customer_registered_on IS DISTINCT FROM c.registered_on;
  UPDATE cash_orders o SET customer_registered_on = NULL FROM customers c
  WHERE c.id = o.customer_id AND c.deleted_at IS NOT NULL AND o.customer_registered_on IS NOT NULL;
END $$;--> statement-breakpoint
SELECT customer_registration_refresh();--> statement-breakpoint
CREATE FUNCTION customers_registered_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.registered_on := customer_registration_day(NEW.created_at, NEW.registry_branch_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_registered_on BEFORE INSERT OR UPDATE OF created_at, registry_branch_id ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_registered_on();--> statement-breakpoint
CREATE FUNCTION customers_registered_on_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date := CASE WHEN NEW.deleted_at IS NULL THEN NEW.registered_on END;
BEGIN
  UPDATE orders SET customer_registered_on = day WHERE customer_id = NEW.id AND customer_registered_on IS DISTINCT FROM day;
  UPDATE cash_orders SET customer_registered_on = day WHERE customer_id = NEW.id AND customer_registered_on IS DISTINCT FROM day;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_registered_on_sales AFTER UPDATE OF created_at, registry_branch_id, registered_on, deleted_at ON customers
  FOR EACH ROW WHEN (OLD.registered_on IS DISTINCT FROM NEW.registered_on OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION customers_registered_on_sales();--> statement-breakpoint
CREATE FUNCTION branches_customers_registered_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET registered_on = customer_registration_day(created_at, registry_branch_id)
  WHERE registry_branch_id = NEW.id AND registered_on IS DISTINCT FROM customer_registration_day(created_at, registry_branch_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER branches_customers_registered_on AFTER UPDATE OF time_zone ON branches
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION branches_customers_registered_on();--> statement-breakpoint
CREATE FUNCTION sales_customer_registered_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.customer_registered_on := (SELECT c.registered_on FROM customers c WHERE c.id = NEW.customer_id AND c.deleted_at IS NULL);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sales_customer_registered_on BEFORE INSERT OR UPDATE OF customer_id ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_customer_registered_on();--> statement-breakpoint
CREATE TRIGGER sales_customer_registered_on BEFORE INSERT OR UPDATE OF customer_id ON cash_orders
  FOR EACH ROW EXECUTE FUNCTION sales_customer_registered_on();--> statement-breakpoint
-- the loads that skip the triggers rebuild the summaries after: the registration days are refreshed with them
ALTER FUNCTION report_summaries_rebuild() RENAME TO report_summaries_rebuild_0033;--> statement-breakpoint
CREATE FUNCTION report_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_summaries_rebuild_0033();
  PERFORM customer_registration_refresh();
END $$;--> statement-breakpoint
CREATE INDEX "customers_registered_on_idx" ON "customers" USING btree ("registered_on","registry_branch_id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cash_orders_paid_registered_idx" ON "cash_orders" USING btree ("customer_registered_on","business_date","total") WHERE "cash_orders"."payment_status" = 'paid' and "cash_orders"."refunded_at" is null and "cash_orders"."customer_registered_on" is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_registered_idx" ON "orders" USING btree ("customer_registered_on","business_date","total") WHERE "orders"."payment_status" = 'paid' and "orders"."refunded_at" is null and "orders"."customer_registered_on" is not null;
