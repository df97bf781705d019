CREATE TABLE "app"."ai_usage" (
	"user_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"total_tokens" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_usage_user_id_day_app_id_pk" PRIMARY KEY("user_id","day","app_id")
);
--> statement-breakpoint
ALTER TABLE "app"."ai_usage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "ai_usage_select_own" ON "app"."ai_usage" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "ai_usage_insert_own" ON "app"."ai_usage" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "ai_usage_update_own" ON "app"."ai_usage" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (user_id = app.current_user_id()) WITH CHECK (user_id = app.current_user_id());