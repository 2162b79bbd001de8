ALTER TABLE "commissions" ADD COLUMN "type" varchar(20);--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "concept" varchar(200);--> statement-breakpoint
-- hand-written backfill: every line written before the types came from an event (none was recorded by hand yet): a
-- finished appointment's medical fee (Médico/Venta) or a product sale's seller share (Cosmetólogo/Venta); a reversal
-- takes the type of the line it reverses, which has the same kind
UPDATE "commissions" SET "type" = CASE "kind" WHEN 'medical' THEN 'medical_sale' ELSE 'cosmetology_sale' END WHERE "type" IS NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_type_valid" CHECK ("commissions"."type" in ('medical_sale', 'cosmetology_sale', 'cabin_use', 'supply'));--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_type_of_kind" CHECK (("commissions"."kind" = 'medical' and "commissions"."type" <> 'cosmetology_sale') or ("commissions"."kind" = 'cosmetology' and "commissions"."type" <> 'medical_sale'));
