ALTER TABLE "report_cabin_day_deltas" ADD COLUMN "appointments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_cabin_days" ADD COLUMN "appointments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_cabin_months" ADD COLUMN "appointments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- every appointment of a cabin-day, whatever its status (the scheduled-appointments report's count): the delta, the views,
-- the fold and the rebuild of migration 0028 (renamed in 0033) with the new column, then the column filled from the detail
CREATE OR REPLACE FUNCTION report_cabin_day_delta(a appointments, direction int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_cabin_day_deltas (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished,
    confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments)
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
      ELSE '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}' END,
    direction
  FROM (SELECT (extract(epoch FROM a.start_time) / 60)::int AS s,
      CASE WHEN a.end_time = '00:00' THEN 1440 ELSE (extract(epoch FROM a.end_time) / 60)::int END AS e,
      a.status IN ('scheduled', 'inProcess', 'finished') AS live) AS m
$$;
--> statement-breakpoint
CREATE OR REPLACE VIEW report_cabin_day AS
  SELECT date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp,
    confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments FROM report_cabin_days
  UNION ALL SELECT date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp,
    confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments FROM report_cabin_day_deltas;
--> statement-breakpoint
CREATE OR REPLACE VIEW report_cabin_month AS
  SELECT date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments FROM report_cabin_months
  UNION ALL SELECT date_trunc('month', date)::date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments FROM report_cabin_day_deltas;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_money_cabin_fold() RETURNS void LANGUAGE plpgsql AS $$
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
  days AS (INSERT INTO report_cabin_days (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments)
  SELECT date, branch_id, cabin_id, sum(in_person), sum(phone_call), sum(social_networks), sum(app), sum(ecommerce), sum(finished), sum(confirm_si), sum(confirm_no), sum(confirm_whatsapp), sum(confirm_buzon), sum(confirm_email), sum(confirm_app), sum(confirm_ecommerce), sum(booked_minutes), report_sum_by_hour(booked_by_hour), sum(appointments) FROM moved
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_cabin_days_pk DO UPDATE SET in_person = report_cabin_days.in_person + excluded.in_person, phone_call = report_cabin_days.phone_call + excluded.phone_call, social_networks = report_cabin_days.social_networks + excluded.social_networks, app = report_cabin_days.app + excluded.app, ecommerce = report_cabin_days.ecommerce + excluded.ecommerce, finished = report_cabin_days.finished + excluded.finished, confirm_si = report_cabin_days.confirm_si + excluded.confirm_si, confirm_no = report_cabin_days.confirm_no + excluded.confirm_no, confirm_whatsapp = report_cabin_days.confirm_whatsapp + excluded.confirm_whatsapp, confirm_buzon = report_cabin_days.confirm_buzon + excluded.confirm_buzon, confirm_email = report_cabin_days.confirm_email + excluded.confirm_email, confirm_app = report_cabin_days.confirm_app + excluded.confirm_app, confirm_ecommerce = report_cabin_days.confirm_ecommerce + excluded.confirm_ecommerce, booked_minutes = report_cabin_days.booked_minutes + excluded.booked_minutes,
    booked_by_hour = report_int_array_add(report_cabin_days.booked_by_hour, excluded.booked_by_hour),
    appointments = report_cabin_days.appointments + excluded.appointments)
  INSERT INTO report_cabin_months (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments)
  SELECT date_trunc('month', date)::date, branch_id, cabin_id, sum(in_person), sum(phone_call), sum(social_networks), sum(app), sum(ecommerce), sum(finished), sum(confirm_si), sum(confirm_no), sum(confirm_whatsapp), sum(confirm_buzon), sum(confirm_email), sum(confirm_app), sum(confirm_ecommerce), sum(booked_minutes), report_sum_by_hour(booked_by_hour), sum(appointments) FROM moved
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_cabin_months_pk DO UPDATE SET in_person = report_cabin_months.in_person + excluded.in_person, phone_call = report_cabin_months.phone_call + excluded.phone_call, social_networks = report_cabin_months.social_networks + excluded.social_networks, app = report_cabin_months.app + excluded.app, ecommerce = report_cabin_months.ecommerce + excluded.ecommerce, finished = report_cabin_months.finished + excluded.finished, confirm_si = report_cabin_months.confirm_si + excluded.confirm_si, confirm_no = report_cabin_months.confirm_no + excluded.confirm_no, confirm_whatsapp = report_cabin_months.confirm_whatsapp + excluded.confirm_whatsapp, confirm_buzon = report_cabin_months.confirm_buzon + excluded.confirm_buzon, confirm_email = report_cabin_months.confirm_email + excluded.confirm_email, confirm_app = report_cabin_months.confirm_app + excluded.confirm_app, confirm_ecommerce = report_cabin_months.confirm_ecommerce + excluded.confirm_ecommerce, booked_minutes = report_cabin_months.booked_minutes + excluded.booked_minutes,
    booked_by_hour = report_int_array_add(report_cabin_months.booked_by_hour, excluded.booked_by_hour),
    appointments = report_cabin_months.appointments + excluded.appointments;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_money_cabin_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
    confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments)
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
    report_sum_by_hour(report_hour_minutes(m.s, m.e)) FILTER (WHERE m.live),
    count(*)
  FROM appointments a, LATERAL (SELECT (extract(epoch FROM a.start_time) / 60)::int AS s,
      CASE WHEN a.end_time = '00:00' THEN 1440 ELSE (extract(epoch FROM a.end_time) / 60)::int END AS e,
      a.status IN ('scheduled', 'inProcess', 'finished') AS live) m
  WHERE a.deleted_at IS NULL
  GROUP BY a.date, a.branch_id, a.cabin_id;
  INSERT INTO report_money_months (branch_id, business_date, sale_date, order_kind, channel, kind, method, currency, amount, amount_mxn)
  SELECT branch_id, date_trunc('month', business_date)::date, date_trunc('month', sale_date)::date, order_kind, channel, kind, method, currency, sum(amount), sum(amount_mxn)
  FROM report_money_days GROUP BY 2, 1, 3, 4, 5, 6, 7, 8;
  INSERT INTO report_cabin_months (date, branch_id, cabin_id, in_person, phone_call, social_networks, app, ecommerce, finished, confirm_si, confirm_no, confirm_whatsapp, confirm_buzon, confirm_email, confirm_app, confirm_ecommerce, booked_minutes, booked_by_hour, appointments)
  SELECT date_trunc('month', date)::date, branch_id, cabin_id, sum(in_person), sum(phone_call), sum(social_networks), sum(app), sum(ecommerce), sum(finished), sum(confirm_si), sum(confirm_no), sum(confirm_whatsapp), sum(confirm_buzon), sum(confirm_email), sum(confirm_app), sum(confirm_ecommerce), sum(booked_minutes), report_sum_by_hour(booked_by_hour), sum(appointments)
  FROM report_cabin_days GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT report_money_cabin_rebuild();
