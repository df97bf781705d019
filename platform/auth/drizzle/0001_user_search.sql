-- Trigram matching for substring searches of users (the admin API's filter). pg_trgm ships with PostgreSQL and is a
-- trusted extension (a database owner may create it); PGlite loads it at start (packages/db).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "auth"."users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "auth"."users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "auth"."users" USING gin (("raw_user_meta_data" ->> 'full_name') gin_trgm_ops);