CREATE TABLE "report_open_minutes_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_open_minutes_version_one_row" CHECK ("report_open_minutes_version"."id" = 1)
);
--> statement-breakpoint
-- One row: a server's open minutes of the occupation are good while it reads the version they were worked out at.
INSERT INTO "report_open_minutes_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Any write to what the open minutes are worked out from adds one, once per statement, after its rows: the version's row
-- lock is the statement's last (docs/architecture.md «Resúmenes de los reportes»).
CREATE FUNCTION report_open_minutes_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_open_minutes_version SET version = (version + 1) % 2000000000 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_open_minutes_branch_schedules AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branch_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_minutes_bump();
--> statement-breakpoint
CREATE TRIGGER report_open_minutes_cabin_schedules AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cabin_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_minutes_bump();
--> statement-breakpoint
CREATE TRIGGER report_open_minutes_locks AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locks
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_minutes_bump();
--> statement-breakpoint
CREATE TRIGGER report_open_minutes_cabins AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cabins
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_minutes_bump();
