CREATE TABLE "app"."ai_message_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."ai_message_reservations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "ai_message_reservations_user" ON "app"."ai_message_reservations" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE POLICY "ai_message_reservations_select_own" ON "app"."ai_message_reservations" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "ai_message_reservations_insert_own" ON "app"."ai_message_reservations" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "ai_message_reservations_delete_own" ON "app"."ai_message_reservations" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());