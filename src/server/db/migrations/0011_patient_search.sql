CREATE TABLE "customer_name_words" (
	"word" text NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "customer_name_words_word_customer_id_pk" PRIMARY KEY("word","customer_id")
);
--> statement-breakpoint
DROP INDEX "customers_search_words_idx";--> statement-breakpoint
DROP INDEX "appointments_customer_idx";--> statement-breakpoint
DROP INDEX "appointments_date_time_idx";--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","date","start_time","id","deleted_at");--> statement-breakpoint
CREATE INDEX "appointments_date_time_idx" ON "appointments" USING btree ("date","start_time","id","customer_id") WHERE "appointments"."deleted_at" is null;--> statement-breakpoint
-- customer_name_words follows customers.search_name: the application never writes it
CREATE FUNCTION customer_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM customer_name_words WHERE customer_id = OLD.id AND word = ANY (string_to_array(OLD.search_name, ' '));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO customer_name_words (word, customer_id)
      SELECT DISTINCT w, NEW.id FROM unnest(string_to_array(NEW.search_name, ' ')) w WHERE w <> '';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customer_name_words_insert AFTER INSERT ON customers FOR EACH ROW EXECUTE FUNCTION customer_name_words_sync();--> statement-breakpoint
CREATE TRIGGER customer_name_words_update AFTER UPDATE ON customers FOR EACH ROW WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name) EXECUTE FUNCTION customer_name_words_sync();--> statement-breakpoint
CREATE TRIGGER customer_name_words_delete AFTER DELETE ON customers FOR EACH ROW EXECUTE FUNCTION customer_name_words_sync();--> statement-breakpoint
-- also under session_replication_role = replica (the large demo load skips the foreign key checks that way)
ALTER TABLE customers ENABLE ALWAYS TRIGGER customer_name_words_insert;--> statement-breakpoint
ALTER TABLE customers ENABLE ALWAYS TRIGGER customer_name_words_update;--> statement-breakpoint
ALTER TABLE customers ENABLE ALWAYS TRIGGER customer_name_words_delete;--> statement-breakpoint
INSERT INTO customer_name_words (word, customer_id)
  SELECT DISTINCT w, c.id FROM customers c, unnest(string_to_array(c.search_name, ' ')) w WHERE w <> '';
