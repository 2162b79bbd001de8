ALTER TABLE "customer_name_words" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE customer_name_words w SET live = false FROM customers c WHERE c.id = w.customer_id AND c.deleted_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_name_words_live_idx" ON "customer_name_words" USING btree ("word","customer_id") WHERE "customer_name_words"."live";--> statement-breakpoint
-- a word row is live while its customer is not deleted: the update trigger now also follows deleted_at
CREATE OR REPLACE FUNCTION customer_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM customer_name_words WHERE customer_id = OLD.id AND word = ANY (string_to_array(OLD.search_name, ' '));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO customer_name_words (word, customer_id, live)
      SELECT DISTINCT w, NEW.id, NEW.deleted_at IS NULL FROM unnest(string_to_array(NEW.search_name, ' ')) w WHERE w <> '';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER customer_name_words_update ON customers;--> statement-breakpoint
CREATE TRIGGER customer_name_words_update AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)) EXECUTE FUNCTION customer_name_words_sync();--> statement-breakpoint
ALTER TABLE customers ENABLE ALWAYS TRIGGER customer_name_words_update;
