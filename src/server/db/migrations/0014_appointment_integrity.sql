-- A cabin with live appointments (scheduled, in process or finished, not deleted) today or later in its
-- branch's time zone cannot be deleted. Deleting takes the cabin row's lock; a booking takes it FOR SHARE
-- (trigger below), so whichever commits first decides and the other sees it.
CREATE OR REPLACE FUNCTION cabin_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (
		SELECT 1 FROM appointments a JOIN branches b ON b.id = NEW.branch_id
		WHERE a.cabin_id = NEW.id AND a.deleted_at IS NULL AND a.status IN ('scheduled', 'inProcess', 'finished')
			AND a.date >= (now() AT TIME ZONE b.time_zone)::date
	) THEN
		RAISE EXCEPTION 'cabin % has live appointments', NEW.id USING ERRCODE = '23503', CONSTRAINT = 'cabins_live_appointments';
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cabins_delete_guard BEFORE UPDATE OF deleted_at ON cabins
	FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION cabin_delete_guard();--> statement-breakpoint
-- A live appointment placed in a cabin (a booking, a move to another cabin or day, a status back to live)
-- needs the cabin not deleted; FOR SHARE waits for a delete in progress and then reads its outcome.
CREATE OR REPLACE FUNCTION appointment_cabin_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.deleted_at IS NULL AND NEW.status IN ('scheduled', 'inProcess', 'finished') AND (
		TG_OP = 'INSERT' OR NEW.cabin_id IS DISTINCT FROM OLD.cabin_id OR NEW.date IS DISTINCT FROM OLD.date
		OR OLD.deleted_at IS NOT NULL OR OLD.status NOT IN ('scheduled', 'inProcess', 'finished')
	) THEN
		PERFORM 1 FROM cabins WHERE id = NEW.cabin_id AND deleted_at IS NULL FOR SHARE;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'cabin % is deleted', NEW.cabin_id USING ERRCODE = '23503', CONSTRAINT = 'appointments_cabin_live';
		END IF;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER appointments_cabin_guard BEFORE INSERT OR UPDATE OF cabin_id, date, status, deleted_at ON appointments
	FOR EACH ROW EXECUTE FUNCTION appointment_cabin_guard();
--> statement-breakpoint
-- One patient cannot be in two live appointments at once (in two cabins), as one cabin cannot hold two:
-- the same exclusion as appointments_no_overlap, on the customer. A database holding such overlaps (made
-- before this rule) stops here with their count instead of losing or changing any appointment.
DO $$
DECLARE pairs bigint;
BEGIN
	SELECT count(*) INTO pairs FROM appointments a JOIN appointments b
		ON b.customer_id = a.customer_id AND b.date = a.date AND b.id > a.id
		AND b.start_time < a.end_time AND a.start_time < b.end_time
	WHERE a.deleted_at IS NULL AND b.deleted_at IS NULL
		AND a.status IN ('scheduled', 'inProcess', 'finished') AND b.status IN ('scheduled', 'inProcess', 'finished');
	IF pairs > 0 THEN
		RAISE EXCEPTION 'Hay % pares de citas vivas de un mismo paciente que se traslapan; corríjalas (cancele o mueva una de cada par) antes de aplicar la migración 0014', pairs
			USING HINT = 'SELECT a.id, b.id FROM appointments a JOIN appointments b ON b.customer_id = a.customer_id AND b.date = a.date AND b.id > a.id AND b.start_time < a.end_time AND a.start_time < b.end_time WHERE a.deleted_at IS NULL AND b.deleted_at IS NULL AND a.status IN (''scheduled'', ''inProcess'', ''finished'') AND b.status IN (''scheduled'', ''inProcess'', ''finished'')';
	END IF;
END $$;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_no_overlap" EXCLUDE USING gist ("customer_id" WITH =, tsrange("date" + "start_time", "date" + "end_time") WITH &&) WHERE ("deleted_at" IS NULL AND "status" IN ('scheduled', 'inProcess', 'finished'));
--> statement-breakpoint
-- A product is tied only to a live category; FOR SHARE waits for a category delete in progress (which holds
-- the row FOR UPDATE while it checks for products) and then reads its outcome.
CREATE OR REPLACE FUNCTION product_category_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM categories WHERE id = NEW.category_id AND deleted_at IS NULL FOR SHARE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'category % is deleted', NEW.category_id USING ERRCODE = '23503', CONSTRAINT = 'product_categories_category_live';
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER product_categories_guard BEFORE INSERT OR UPDATE OF category_id ON product_categories
	FOR EACH ROW EXECUTE FUNCTION product_category_guard();
