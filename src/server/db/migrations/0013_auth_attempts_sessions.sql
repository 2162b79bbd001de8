-- auth_failures becomes one counter row per account, address and kind (modules/auth/rate-limit.ts): the old rows,
-- one per failure of the last 15 minutes, cannot live under the unique key and are dropped (a window restarts).
DELETE FROM "auth_failures";--> statement-breakpoint
DROP INDEX "auth_failures_lookup_idx";--> statement-breakpoint
ALTER TABLE "auth_failures" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_failures" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_failures_key_unique" ON "auth_failures" USING btree ("account","address","kind");--> statement-breakpoint
CREATE INDEX "refresh_tokens_live_family_idx" ON "refresh_tokens" USING btree ("family_id") WHERE "refresh_tokens"."used_at" is null and "refresh_tokens"."revoked_at" is null;