-- As on Supabase, both roles may use every table of the schema: the policies of 0001_init are the only gate (a
-- table with RLS on and no policy for a command refuses that command).
GRANT USAGE ON SCHEMA "storage" TO authenticated, anon;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "storage" TO authenticated, anon;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "storage" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO authenticated, anon;
