-- Hand-written backfill: every line written before the types came from an event (no line was recorded by hand yet),
-- a finished appointment's medical fee (Médico/Venta) or a product sale's seller share (Cosmetólogo/Venta); a refund's
-- reversal line takes the type of the line it reverses, which is the same kind.
UPDATE "commissions" SET "type" = CASE "kind" WHEN 'medical' THEN 'medical_sale' ELSE 'cosmetology_sale' END WHERE "type" IS NULL;
