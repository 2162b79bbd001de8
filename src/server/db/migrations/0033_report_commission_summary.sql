CREATE TABLE "report_commission_days" (
	"kind" varchar(12) NOT NULL,
	"business_date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lines" integer NOT NULL,
	"base" numeric(16, 2) NOT NULL,
	"commission" numeric(16, 2) NOT NULL,
	"isr_amount" numeric(16, 2) NOT NULL,
	"payable" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_commission_days_pk" PRIMARY KEY("kind","business_date","branch_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_commission_deltas" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"business_date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lines" integer NOT NULL,
	"base" numeric(16, 2) NOT NULL,
	"commission" numeric(16, 2) NOT NULL,
	"isr_amount" numeric(16, 2) NOT NULL,
	"payable" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_commission_months" (
	"kind" varchar(12) NOT NULL,
	"business_date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lines" integer NOT NULL,
	"base" numeric(16, 2) NOT NULL,
	"commission" numeric(16, 2) NOT NULL,
	"isr_amount" numeric(16, 2) NOT NULL,
	"payable" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_commission_months_pk" PRIMARY KEY("kind","business_date","branch_id","user_id")
);
--> statement-breakpoint
-- The fee reports' summary (docs/architecture.md «Resúmenes de los reportes»), made as migration 0028's: the trigger only
-- INSERTs signed deltas, the fold moves them into the day and month rows, the views add both.
CREATE FUNCTION report_commissions_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.kind, OLD.business_date, OLD.branch_id, OLD.user_id, OLD.base, OLD.commission, OLD.isr_amount, OLD.payable, OLD.deleted_at IS NULL)
      IS NOT DISTINCT FROM (NEW.kind, NEW.business_date, NEW.branch_id, NEW.user_id, NEW.base, NEW.commission, NEW.isr_amount, NEW.payable, NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    INSERT INTO report_commission_deltas (kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable)
    VALUES (OLD.kind, OLD.business_date, OLD.branch_id, OLD.user_id, -1, -OLD.base, -OLD.commission, -OLD.isr_amount, -OLD.payable);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    INSERT INTO report_commission_deltas (kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable)
    VALUES (NEW.kind, NEW.business_date, NEW.branch_id, NEW.user_id, 1, NEW.base, NEW.commission, NEW.isr_amount, NEW.payable);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_commissions_delta AFTER INSERT OR DELETE OR UPDATE OF kind, business_date, branch_id, user_id, base, commission, isr_amount,
  payable, deleted_at ON commissions FOR EACH ROW EXECUTE FUNCTION report_commissions_delta();--> statement-breakpoint
CREATE VIEW report_commission_day AS
  SELECT kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable FROM report_commission_days
  UNION ALL SELECT kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable FROM report_commission_deltas;--> statement-breakpoint
CREATE VIEW report_commission_month AS
  SELECT kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable FROM report_commission_months
  UNION ALL SELECT kind, date_trunc('month', business_date)::date, branch_id, user_id, lines, base, commission, isr_amount, payable FROM report_commission_deltas;--> statement-breakpoint
CREATE FUNCTION report_commissions_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(28033) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM report_commission_deltas RETURNING *),
  days AS (INSERT INTO report_commission_days (kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable)
    SELECT kind, business_date, branch_id, user_id, sum(lines), sum(base), sum(commission), sum(isr_amount), sum(payable) FROM moved
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT report_commission_days_pk DO UPDATE SET lines = report_commission_days.lines + excluded.lines,
      base = report_commission_days.base + excluded.base, commission = report_commission_days.commission + excluded.commission,
      isr_amount = report_commission_days.isr_amount + excluded.isr_amount, payable = report_commission_days.payable + excluded.payable)
  INSERT INTO report_commission_months (kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable)
  SELECT kind, date_trunc('month', business_date)::date, branch_id, user_id, sum(lines), sum(base), sum(commission), sum(isr_amount), sum(payable) FROM moved
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT report_commission_months_pk DO UPDATE SET lines = report_commission_months.lines + excluded.lines,
    base = report_commission_months.base + excluded.base, commission = report_commission_months.commission + excluded.commission,
    isr_amount = report_commission_months.isr_amount + excluded.isr_amount, payable = report_commission_months.payable + excluded.payable;
END $$;--> statement-breakpoint
CREATE FUNCTION report_commissions_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(28033);
  TRUNCATE report_commission_days, report_commission_months, report_commission_deltas;
  INSERT INTO report_commission_days (kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable)
  SELECT kind, business_date, branch_id, user_id, count(*), sum(base), sum(commission), sum(isr_amount), sum(payable)
  FROM commissions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;
  INSERT INTO report_commission_months (kind, business_date, branch_id, user_id, lines, base, commission, isr_amount, payable)
  SELECT kind, date_trunc('month', business_date)::date, branch_id, user_id, sum(lines), sum(base), sum(commission), sum(isr_amount), sum(payable)
  FROM report_commission_days GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
-- the fold and the rebuild the summary job and the loads call now cover the sales', the agenda's and the fees' summaries
ALTER FUNCTION report_summaries_fold() RENAME TO report_money_cabin_fold;--> statement-breakpoint
ALTER FUNCTION report_summaries_rebuild() RENAME TO report_money_cabin_rebuild;--> statement-breakpoint
CREATE FUNCTION report_summaries_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_money_cabin_fold();
  PERFORM report_commissions_fold();
END $$;--> statement-breakpoint
CREATE FUNCTION report_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_money_cabin_rebuild();
  PERFORM report_commissions_rebuild();
END $$;--> statement-breakpoint
SELECT report_commissions_rebuild();
