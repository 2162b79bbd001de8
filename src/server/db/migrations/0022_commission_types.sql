ALTER TABLE "commissions" ADD COLUMN "type" varchar(20);--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "concept" varchar(200);--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_type_valid" CHECK ("commissions"."type" in ('medical_sale', 'cosmetology_sale', 'cabin_use', 'supply'));--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_type_of_kind" CHECK (("commissions"."kind" = 'medical' and "commissions"."type" <> 'cosmetology_sale') or ("commissions"."kind" = 'cosmetology' and "commissions"."type" <> 'medical_sale'));