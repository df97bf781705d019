-- Row Level Security the Supabase way. The product runs queries on user data as the role `authenticated`,
-- with the verified JWT claims in the setting `request.jwt.claims` for the transaction (lib/db/with-user-db.ts);
-- policies compare each row's user_id with app.current_user_id(), the `sub` claim.
--
-- Roles belong to the whole PostgreSQL server, not to one database: a hosted Supabase database already has
-- `authenticated`, and test databases on one server run this migration at the same time. Creating it must
-- therefore tolerate the role existing, and another session creating it a moment earlier (unique_violation).
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
-- The user that runs the product must be allowed to SET ROLE authenticated (a superuser always is). Since
-- PostgreSQL 16, membership and the right to switch to a role are separate ('SET').
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'authenticated', CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END) THEN
    EXECUTE format('GRANT authenticated TO %I', current_user);
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA "app" TO authenticated;
--> statement-breakpoint
-- Tables created later in `app` are usable by `authenticated`; what each user may see is up to the policies,
-- and a table with RLS on and no policy for a command refuses that command.
ALTER DEFAULT PRIVILEGES IN SCHEMA "app" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO authenticated;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "app" GRANT USAGE, SELECT ON SEQUENCES TO authenticated;
--> statement-breakpoint
-- The signed-in user's id from the claims of the current transaction, or null outside withUserDb. Ours rather
-- than Supabase's auth.uid(): the auth schema may live in another database (a hosted Supabase project).
CREATE OR REPLACE FUNCTION "app"."current_user_id"() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', '')::uuid $$;
--> statement-breakpoint
COMMENT ON FUNCTION "app"."current_user_id"() IS 'The sub claim of the verified JWT set for this transaction (request.jwt.claims), or null.';
