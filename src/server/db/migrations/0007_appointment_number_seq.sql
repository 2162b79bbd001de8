CREATE SEQUENCE "public"."appointment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
SELECT setval('appointment_number_seq', coalesce((SELECT max(substring(appointment_number from 6)::bigint) FROM appointments WHERE appointment_number ~ '^CITA-[0-9]+$'), 0) + 1, false);
