CREATE TABLE "report_cabin_day_deltas" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"cabin_id" uuid NOT NULL,
	"in_person" integer NOT NULL,
	"phone_call" integer NOT NULL,
	"social_networks" integer NOT NULL,
	"app" integer NOT NULL,
	"ecommerce" integer NOT NULL,
	"finished" integer NOT NULL,
	"confirm_si" integer NOT NULL,
	"confirm_no" integer NOT NULL,
	"confirm_whatsapp" integer NOT NULL,
	"confirm_buzon" integer NOT NULL,
	"confirm_email" integer NOT NULL,
	"confirm_app" integer NOT NULL,
	"confirm_ecommerce" integer NOT NULL,
	"booked_minutes" integer NOT NULL,
	"booked_by_hour" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_cabin_days" (
	"date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"cabin_id" uuid NOT NULL,
	"in_person" integer NOT NULL,
	"phone_call" integer NOT NULL,
	"social_networks" integer NOT NULL,
	"app" integer NOT NULL,
	"ecommerce" integer NOT NULL,
	"finished" integer NOT NULL,
	"confirm_si" integer NOT NULL,
	"confirm_no" integer NOT NULL,
	"confirm_whatsapp" integer NOT NULL,
	"confirm_buzon" integer NOT NULL,
	"confirm_email" integer NOT NULL,
	"confirm_app" integer NOT NULL,
	"confirm_ecommerce" integer NOT NULL,
	"booked_minutes" integer NOT NULL,
	"booked_by_hour" integer[] NOT NULL,
	CONSTRAINT "report_cabin_days_pk" PRIMARY KEY("date","branch_id","cabin_id")
);
--> statement-breakpoint
CREATE TABLE "report_cabin_months" (
	"date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"cabin_id" uuid NOT NULL,
	"in_person" integer NOT NULL,
	"phone_call" integer NOT NULL,
	"social_networks" integer NOT NULL,
	"app" integer NOT NULL,
	"ecommerce" integer NOT NULL,
	"finished" integer NOT NULL,
	"confirm_si" integer NOT NULL,
	"confirm_no" integer NOT NULL,
	"confirm_whatsapp" integer NOT NULL,
	"confirm_buzon" integer NOT NULL,
	"confirm_email" integer NOT NULL,
	"confirm_app" integer NOT NULL,
	"confirm_ecommerce" integer NOT NULL,
	"booked_minutes" integer NOT NULL,
	"booked_by_hour" integer[] NOT NULL,
	CONSTRAINT "report_cabin_months_pk" PRIMARY KEY("date","branch_id","cabin_id")
);
--> statement-breakpoint
CREATE TABLE "report_money_days" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"sale_date" date NOT NULL,
	"order_kind" varchar(10) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"amount_mxn" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_money_days_pk" PRIMARY KEY("business_date","branch_id","sale_date","order_kind","channel","kind","method","currency")
);
--> statement-breakpoint
CREATE TABLE "report_money_deltas" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"sale_date" date NOT NULL,
	"order_kind" varchar(10) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"amount_mxn" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_money_months" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"sale_date" date NOT NULL,
	"order_kind" varchar(10) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"amount_mxn" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_money_months_pk" PRIMARY KEY("business_date","branch_id","sale_date","order_kind","channel","kind","method","currency")
);
--> statement-breakpoint
CREATE INDEX "report_money_days_refund_sale_day_idx" ON "report_money_days" USING btree ("sale_date","branch_id") WHERE "report_money_days"."kind" = 'refund';--> statement-breakpoint
-- Report summaries (docs/architecture.md «Resúmenes de los reportes»): the triggers below only INSERT signed deltas,
-- so no sale, payment or booking ever locks (or waits on) a summary row; report_summaries_fold() moves the deltas into
-- the day rows under an advisory lock; report_money and report_cabin_day read both, so they equal the detail always.
CREATE FUNCTION report_hour_minutes(s int, e int) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(greatest(0, least(e, (h + 1) * 60) - greatest(s, h * 60)) ORDER BY h) FROM generate_series(0, 23) AS h
$$;--> statement-breakpoint
CREATE FUNCTION report_int_array_add(a int[], b int[]) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(coalesce(a[i], 0) + coalesce(b[i], 0) ORDER BY i) FROM generate_series(1, 24) AS i
$$;--> statement-breakpoint
CREATE AGGREGATE report_sum_by_hour(int[]) (SFUNC = report_int_array_add, STYPE = int[],
  INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}');--> statement-breakpoint
-- one appointment's share of its cabin-day (sign -1 takes it away): what the appointment reports count
CREATE FUNCTION report_cabin_day_delta(a appointments, direction int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_cabin_day_deltas (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished,
    confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour)
  SELECT a.date, a.branch_id, a.cabin_id,
    direction * (a.status <> 'cancelled' AND a.appointment_method = 'inPerson')::int,
    direction * (a.status <> 'cancelled' AND a.appointment_method = 'phoneCall')::int,
    direction * (a.status <> 'cancelled' AND a.appointment_method = 'socialNetworks')::int,
    direction * (a.status <> 'cancelled' AND a.appointment_method = 'app')::int,
    direction * (a.status <> 'cancelled' AND a.appointment_method = 'ecommerce')::int,
    direction * (a.status = 'finished')::int,
    direction * coalesce(a.confirm_method = 'si', false)::int, direction * coalesce(a.confirm_method = 'no', false)::int,
    direction * coalesce(a.confirm_method = 'whatsapp', false)::int, direction * coalesce(a.confirm_method = 'buzón', false)::int,
    direction * coalesce(a.confirm_method = 'email', false)::int, direction * coalesce(a.confirm_method = 'app', false)::int,
    direction * coalesce(a.confirm_method = 'ecommerce', false)::int,
    CASE WHEN live THEN direction * (m.e - m.s) ELSE 0 END,
    CASE WHEN live THEN (SELECT array_agg(direction * x ORDER BY i) FROM unnest(report_hour_minutes(m.s, m.e)) WITH ORDINALITY AS u(x, i))
      ELSE '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}' END
  FROM (SELECT (extract(epoch FROM a.start_time) / 60)::int AS s,
      CASE WHEN a.end_time = '00:00' THEN 1440 ELSE (extract(epoch FROM a.end_time) / 60)::int END AS e,
      a.status IN ('scheduled', 'inProcess', 'finished') AS live) AS m
$$;--> statement-breakpoint
CREATE FUNCTION report_appointments_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NULL
    AND (OLD.date, OLD.branch_id, OLD.cabin_id, OLD.status, OLD.appointment_method, OLD.confirm_method, OLD.start_time, OLD.end_time)
      IS NOT DISTINCT FROM (NEW.date, NEW.branch_id, NEW.cabin_id, NEW.status, NEW.appointment_method, NEW.confirm_method, NEW.start_time, NEW.end_time) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN PERFORM report_cabin_day_delta(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN PERFORM report_cabin_day_delta(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_appointments_delta AFTER INSERT OR DELETE OR UPDATE OF date, branch_id, cabin_id, status, appointment_method, confirm_method,
  start_time, end_time, deleted_at ON appointments FOR EACH ROW EXECUTE FUNCTION report_appointments_delta();--> statement-breakpoint
-- a tender's or refund's money (those with their sale's channel, as the sales reports read them)
CREATE FUNCTION report_payments_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.channel IS NOT NULL THEN
    INSERT INTO report_money_deltas (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
    VALUES (OLD.branch_id, OLD.business_date, CASE WHEN OLD.kind = 'refund' THEN coalesce(OLD.sale_date, OLD.business_date) ELSE OLD.business_date END,
      OLD.order_kind, OLD.channel, OLD.kind, OLD.method, OLD.currency, -OLD.amount, -OLD.amount_mxn);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.channel IS NOT NULL THEN
    INSERT INTO report_money_deltas (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
    VALUES (NEW.branch_id, NEW.business_date, CASE WHEN NEW.kind = 'refund' THEN coalesce(NEW.sale_date, NEW.business_date) ELSE NEW.business_date END,
      NEW.order_kind, NEW.channel, NEW.kind, NEW.method, NEW.currency, NEW.amount, NEW.amount_mxn);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_payments_delta AFTER INSERT OR DELETE OR UPDATE OF branch_id, business_date, sale_date, order_kind, channel, kind, method,
  currency, amount, amount_mxn ON sale_payments FOR EACH ROW EXECUTE FUNCTION report_payments_delta();--> statement-breakpoint
-- a sale's change (given back in pesos, on the sale's own day)
CREATE FUNCTION report_change_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_kind text := CASE TG_TABLE_NAME WHEN 'orders' THEN 'order' ELSE 'cashOrder' END;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.change > 0 THEN
    INSERT INTO report_money_deltas (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
    VALUES (OLD.branch_id, OLD.business_date, OLD.business_date, order_kind, OLD.channel, 'change', 'Efectivo', 'MXN', -OLD.change, -OLD.change);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.change > 0 THEN
    INSERT INTO report_money_deltas (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
    VALUES (NEW.branch_id, NEW.business_date, NEW.business_date, order_kind, NEW.channel, 'change', 'Efectivo', 'MXN', NEW.change, NEW.change);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_change_delta AFTER INSERT OR DELETE OR UPDATE OF branch_id, business_date, channel, change ON orders
  FOR EACH ROW EXECUTE FUNCTION report_change_delta();--> statement-breakpoint
CREATE TRIGGER report_change_delta AFTER INSERT OR DELETE OR UPDATE OF branch_id, business_date, channel, change ON cash_orders
  FOR EACH ROW EXECUTE FUNCTION report_change_delta();--> statement-breakpoint
CREATE VIEW report_money AS
  SELECT branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn FROM report_money_days
  UNION ALL SELECT branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn FROM report_money_deltas;--> statement-breakpoint
CREATE VIEW report_cabin_day AS
  SELECT date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp,
    confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour FROM report_cabin_days
  UNION ALL SELECT date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp,
    confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour FROM report_cabin_day_deltas;--> statement-breakpoint
CREATE VIEW report_money_month AS
  SELECT branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn FROM report_money_months
  UNION ALL SELECT branch_id, date_trunc('month', business_date)::date, date_trunc('month', sale_date)::date, order_kind, channel, kind, method, currency, amount, amount_mxn
  FROM report_money_deltas;--> statement-breakpoint
CREATE VIEW report_cabin_month AS
  SELECT date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour FROM report_cabin_months
  UNION ALL SELECT date_trunc('month', date)::date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour FROM report_cabin_day_deltas;--> statement-breakpoint
-- moves every delta into its day and month rows (one runner at a time; a delta written meanwhile waits for the next fold)
CREATE FUNCTION report_summaries_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(28028) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM report_money_deltas RETURNING *),
  days AS (INSERT INTO report_money_days (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
  SELECT branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, sum(amount), sum(amount_mxn) FROM moved
  GROUP BY 2, 1, 3, 4, 5, 6, 7, 8 ORDER BY 2, 1, 3, 4, 5, 6, 7, 8
  ON CONFLICT ON CONSTRAINT report_money_days_pk DO UPDATE SET amount = report_money_days.amount + excluded.amount, amount_mxn = report_money_days.amount_mxn + excluded.amount_mxn)
  INSERT INTO report_money_months (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
  SELECT branch_id, date_trunc('month', business_date)::date, date_trunc('month', sale_date)::date, order_kind, channel, kind, method, currency, sum(amount), sum(amount_mxn) FROM moved
  GROUP BY 2, 1, 3, 4, 5, 6, 7, 8 ORDER BY 2, 1, 3, 4, 5, 6, 7, 8
  ON CONFLICT ON CONSTRAINT report_money_months_pk DO UPDATE SET amount = report_money_months.amount + excluded.amount, amount_mxn = report_money_months.amount_mxn + excluded.amount_mxn;
  WITH moved AS (DELETE FROM report_cabin_day_deltas RETURNING *),
  days AS (INSERT INTO report_cabin_days (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour)
  SELECT date, branch_id, cabin_id, sum(in_person), sum(phone_call), sum(social_networks), sum(app), sum(ecommerce), sum(finished), sum(confirm_si), sum(confirm_no), sum(confirm_whatsapp), sum(confirm_buzon), sum(confirm_email), sum(confirm_app), sum(confirm_ecommerce), sum(booked_minutes), report_sum_by_hour(booked_by_hour) FROM moved
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_cabin_days_pk DO UPDATE SET in_person = report_cabin_days.in_person + excluded.in_person, phone_call = report_cabin_days.phone_call + excluded.phone_call, social_networks = report_cabin_days.social_networks + excluded.social_networks, app = report_cabin_days.app + excluded.app, ecommerce = report_cabin_days.ecommerce + excluded.ecommerce, finished = report_cabin_days.finished + excluded.finished, confirm_si = report_cabin_days.confirm_si + excluded.confirm_si, confirm_no = report_cabin_days.confirm_no + excluded.confirm_no, confirm_whatsapp = report_cabin_days.confirm_whatsapp + excluded.confirm_whatsapp, confirm_buzon = report_cabin_days.confirm_buzon + excluded.confirm_buzon, confirm_email = report_cabin_days.confirm_email + excluded.confirm_email, confirm_app = report_cabin_days.confirm_app + excluded.confirm_app, confirm_ecommerce = report_cabin_days.confirm_ecommerce + excluded.confirm_ecommerce, booked_minutes = report_cabin_days.booked_minutes + excluded.booked_minutes,
    booked_by_hour = report_int_array_add(report_cabin_days.booked_by_hour, excluded.booked_by_hour))
  INSERT INTO report_cabin_months (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour)
  SELECT date_trunc('month', date)::date, branch_id, cabin_id, sum(in_person), sum(phone_call), sum(social_networks), sum(app), sum(ecommerce), sum(finished), sum(confirm_si), sum(confirm_no), sum(confirm_whatsapp), sum(confirm_buzon), sum(confirm_email), sum(confirm_app), sum(confirm_ecommerce), sum(booked_minutes), report_sum_by_hour(booked_by_hour) FROM moved
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_cabin_months_pk DO UPDATE SET in_person = report_cabin_months.in_person + excluded.in_person, phone_call = report_cabin_months.phone_call + excluded.phone_call, social_networks = report_cabin_months.social_networks + excluded.social_networks, app = report_cabin_months.app + excluded.app, ecommerce = report_cabin_months.ecommerce + excluded.ecommerce, finished = report_cabin_months.finished + excluded.finished, confirm_si = report_cabin_months.confirm_si + excluded.confirm_si, confirm_no = report_cabin_months.confirm_no + excluded.confirm_no, confirm_whatsapp = report_cabin_months.confirm_whatsapp + excluded.confirm_whatsapp, confirm_buzon = report_cabin_months.confirm_buzon + excluded.confirm_buzon, confirm_email = report_cabin_months.confirm_email + excluded.confirm_email, confirm_app = report_cabin_months.confirm_app + excluded.confirm_app, confirm_ecommerce = report_cabin_months.confirm_ecommerce + excluded.confirm_ecommerce, booked_minutes = report_cabin_months.booked_minutes + excluded.booked_minutes,
    booked_by_hour = report_int_array_add(report_cabin_months.booked_by_hour, excluded.booked_by_hour);
END $$;--> statement-breakpoint
-- the summaries made again from the detail (after a load that skipped the triggers, and once here for the rows already written)
CREATE FUNCTION report_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(28028);
  TRUNCATE report_money_days, report_money_months, report_money_deltas, report_cabin_days, report_cabin_months, report_cabin_day_deltas;
  INSERT INTO report_money_days (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
  SELECT branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, sum(amount), sum(amount_mxn)
  FROM (SELECT p.branch_id, p.business_date, CASE WHEN p.kind = 'refund' THEN coalesce(p.sale_date, p.business_date) ELSE p.business_date END AS sale_date,
        p.order_kind, p.channel, p.kind, p.method, p.currency, p.amount, p.amount_mxn FROM sale_payments p WHERE p.channel IS NOT NULL
      UNION ALL SELECT s.branch_id, s.business_date, s.business_date, 'order', s.channel, 'change', 'Efectivo', 'MXN', s.change, s.change
        FROM orders s WHERE s.change > 0
      UNION ALL SELECT s.branch_id, s.business_date, s.business_date, 'cashOrder', s.channel, 'change', 'Efectivo', 'MXN', s.change, s.change
        FROM cash_orders s WHERE s.change > 0) m
  GROUP BY business_date, branch_id, sale_date, order_kind, channel, kind, method, currency;
  INSERT INTO report_cabin_days (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no,
    confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour)
  SELECT a.date, a.branch_id, a.cabin_id,
    count(*) FILTER (WHERE a.status <> 'cancelled' AND a.appointment_method = 'inPerson'),
    count(*) FILTER (WHERE a.status <> 'cancelled' AND a.appointment_method = 'phoneCall'),
    count(*) FILTER (WHERE a.status <> 'cancelled' AND a.appointment_method = 'socialNetworks'),
    count(*) FILTER (WHERE a.status <> 'cancelled' AND a.appointment_method = 'app'),
    count(*) FILTER (WHERE a.status <> 'cancelled' AND a.appointment_method = 'ecommerce'),
    count(*) FILTER (WHERE a.status = 'finished'),
    count(*) FILTER (WHERE a.confirm_method = 'si'), count(*) FILTER (WHERE a.confirm_method = 'no'),
    count(*) FILTER (WHERE a.confirm_method = 'whatsapp'), count(*) FILTER (WHERE a.confirm_method = 'buzón'),
    count(*) FILTER (WHERE a.confirm_method = 'email'), count(*) FILTER (WHERE a.confirm_method = 'app'),
    count(*) FILTER (WHERE a.confirm_method = 'ecommerce'),
    coalesce(sum(m.e - m.s) FILTER (WHERE m.live), 0),
    report_sum_by_hour(report_hour_minutes(m.s, m.e)) FILTER (WHERE m.live)
  FROM appointments a, LATERAL (SELECT (extract(epoch FROM a.start_time) / 60)::int AS s,
      CASE WHEN a.end_time = '00:00' THEN 1440 ELSE (extract(epoch FROM a.end_time) / 60)::int END AS e,
      a.status IN ('scheduled', 'inProcess', 'finished') AS live) m
  WHERE a.deleted_at IS NULL
  GROUP BY a.date, a.branch_id, a.cabin_id;
  INSERT INTO report_money_months (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
  SELECT branch_id, date_trunc('month', business_date)::date, date_trunc('month', sale_date)::date, order_kind, channel, kind, method, currency, sum(amount), sum(amount_mxn)
  FROM report_money_days GROUP BY 2, 1, 3, 4, 5, 6, 7, 8;
  INSERT INTO report_cabin_months (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour)
  SELECT date_trunc('month', date)::date, branch_id, cabin_id, sum(in_person), sum(phone_call), sum(social_networks), sum(app), sum(ecommerce), sum(finished), sum(confirm_si), sum(confirm_no), sum(confirm_whatsapp), sum(confirm_buzon), sum(confirm_email), sum(confirm_app), sum(confirm_ecommerce), sum(booked_minutes), report_sum_by_hour(booked_by_hour)
  FROM report_cabin_days GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
SELECT report_summaries_rebuild();
