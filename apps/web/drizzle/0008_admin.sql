CREATE TABLE "app"."admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_id" uuid,
	"target_email" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "app"."admin_audit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "complimentary_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_audit_at" ON "app"."admin_audit" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_target" ON "app"."admin_audit" USING btree ("target_id","at");--> statement-breakpoint
CREATE INDEX "admin_audit_action" ON "app"."admin_audit" USING btree ("action","at");--> statement-breakpoint
-- The audit log is append-only: signed-in users may not change it (the default privileges of 0001 granted them
-- every command), and the trigger below refuses UPDATE, DELETE and TRUNCATE to every role, the owner included.
REVOKE UPDATE, DELETE, TRUNCATE ON "app"."admin_audit" FROM authenticated;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "app"."admin_audit_append_only"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'app.admin_audit is append-only' USING ERRCODE = 'insufficient_privilege'; END $$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_update" BEFORE UPDATE OR DELETE ON "app"."admin_audit" FOR EACH ROW EXECUTE FUNCTION "app"."admin_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_truncate" BEFORE TRUNCATE ON "app"."admin_audit" FOR EACH STATEMENT EXECUTE FUNCTION "app"."admin_audit_append_only"();
