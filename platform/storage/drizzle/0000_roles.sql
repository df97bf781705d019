-- The roles Row Level Security on storage.objects speaks of, the Supabase way: a user's request runs as
-- `authenticated`, a request with only the anon key as `anon` (access.ts), the service role as the table owner.
-- Roles belong to the whole PostgreSQL server: a hosted Supabase database has them already, and test databases
-- on one server run this at the same time, so creating them tolerates both (see the app's 0001_claims_and_roles).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN NOINHERIT;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN
    CREATE ROLE anon NOLOGIN NOINHERIT;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- The user running the service must be allowed to SET ROLE to both (PostgreSQL 16 separates 'SET' from membership).
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['authenticated', 'anon'] LOOP
    IF NOT pg_has_role(current_user, r, CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END) THEN
      EXECUTE format('GRANT %I TO %I', r, current_user);
    END IF;
  END LOOP;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
