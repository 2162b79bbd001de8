CREATE TABLE "report_expense_days" (
	"day" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_expense_days_pk" PRIMARY KEY("day","branch_id","kind")
);
--> statement-breakpoint
CREATE TABLE "report_expense_deltas" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_expense_months" (
	"day" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_expense_months_pk" PRIMARY KEY("day","branch_id","kind")
);
--> statement-breakpoint
-- The expense reports' summary (docs/architecture.md «Resúmenes de los reportes»), made as 0028's: each expense movement
-- of the stock ledger (restock or transfer received, transfer sent or returned, return to the provider) as a signed delta
-- of its branch-day and part, valued at its lot's price (a lot's price never changes once the lot exists).
CREATE FUNCTION report_expense_delta(m stock_movements, direction int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_expense_deltas (day, branch_id, kind, amount)
  SELECT (m.created_at AT TIME ZONE b.time_zone)::date, m.branch_id, k.kind,
    direction * coalesce(s.price, 0) * CASE WHEN k.kind IN ('assortment', 'transferReceived') THEN m.quantity ELSE -m.quantity END
  FROM branches b, product_stocks s,
    LATERAL (SELECT CASE m.cause WHEN 'restock_received' THEN 'assortment' WHEN 'transfer_received' THEN 'transferReceived'
      WHEN 'provider_return' THEN 'return'
      ELSE CASE WHEN (SELECT d.distribution_center FROM transfers t JOIN branches d ON d.id = t.destiny_branch_id WHERE t.id = m.document_id)
        THEN 'return' ELSE 'transferSent' END END AS kind) k
  WHERE b.id = m.branch_id AND s.id = m.stock_id
    AND m.cause IN ('restock_received', 'transfer_received', 'transfer_sent', 'transfer_returned', 'provider_return')
$$;--> statement-breakpoint
CREATE FUNCTION report_stock_movements_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM report_expense_delta(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_expense_delta(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- the ledger is written by inserts: only an expense movement's calls the function
CREATE TRIGGER report_stock_movements_insert AFTER INSERT ON stock_movements FOR EACH ROW
  WHEN (NEW.cause IN ('restock_received', 'transfer_received', 'transfer_sent', 'transfer_returned', 'provider_return'))
  EXECUTE FUNCTION report_stock_movements_delta();--> statement-breakpoint
CREATE TRIGGER report_stock_movements_change AFTER UPDATE OR DELETE ON stock_movements FOR EACH ROW
  EXECUTE FUNCTION report_stock_movements_delta();--> statement-breakpoint
CREATE VIEW report_expense_day AS
  SELECT day, branch_id, kind, amount FROM report_expense_days
  UNION ALL SELECT day, branch_id, kind, amount FROM report_expense_deltas;--> statement-breakpoint
CREATE VIEW report_expense_month AS
  SELECT day, branch_id, kind, amount FROM report_expense_months
  UNION ALL SELECT date_trunc('month', day)::date, branch_id, kind, amount FROM report_expense_deltas;--> statement-breakpoint
CREATE FUNCTION report_expenses_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(28036) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM report_expense_deltas RETURNING *),
  days AS (INSERT INTO report_expense_days (day, branch_id, kind, amount)
    SELECT day, branch_id, kind, sum(amount) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT report_expense_days_pk DO UPDATE SET amount = report_expense_days.amount + excluded.amount)
  INSERT INTO report_expense_months (day, branch_id, kind, amount)
  SELECT date_trunc('month', day)::date, branch_id, kind, sum(amount) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_expense_months_pk DO UPDATE SET amount = report_expense_months.amount + excluded.amount;
END $$;--> statement-breakpoint
CREATE FUNCTION report_expenses_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(28036);
  TRUNCATE report_expense_days, report_expense_months, report_expense_deltas;
  PERFORM report_expense_delta(m, 1) FROM stock_movements m
    WHERE m.cause IN ('restock_received', 'transfer_received', 'transfer_sent', 'transfer_returned', 'provider_return');
  INSERT INTO report_expense_days (day, branch_id, kind, amount)
  SELECT day, branch_id, kind, sum(amount) FROM report_expense_deltas GROUP BY 1, 2, 3;
  TRUNCATE report_expense_deltas;
  INSERT INTO report_expense_months (day, branch_id, kind, amount)
  SELECT date_trunc('month', day)::date, branch_id, kind, sum(amount) FROM report_expense_days GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
-- a branch's zone (its days) or its being a distribution centre (which transfers are returns) changed: made again
CREATE FUNCTION branches_expense_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_expenses_rebuild();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER branches_expense_rebuild AFTER UPDATE OF time_zone, distribution_center ON branches FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.distribution_center IS DISTINCT FROM NEW.distribution_center)
  EXECUTE FUNCTION branches_expense_rebuild();--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_summaries_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_money_cabin_fold();
  PERFORM report_commissions_fold();
  PERFORM report_expenses_fold();
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_money_cabin_rebuild();
  PERFORM report_commissions_rebuild();
  PERFORM report_expenses_rebuild();
  PERFORM customer_registration_refresh();
END $$;--> statement-breakpoint
DROP FUNCTION report_summaries_rebuild_0033();--> statement-breakpoint
SELECT report_expenses_rebuild();
