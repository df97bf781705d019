CREATE TABLE "app"."note_papers" (
	"user_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"library_paper_id" uuid NOT NULL,
	"locator" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "note_papers_note_id_library_paper_id_pk" PRIMARY KEY("note_id","library_paper_id")
);
--> statement-breakpoint
ALTER TABLE "app"."note_papers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app"."note_papers" ADD CONSTRAINT "note_papers_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "app"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."note_papers" ADD CONSTRAINT "note_papers_library_paper_id_library_papers_id_fk" FOREIGN KEY ("library_paper_id") REFERENCES "app"."library_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_papers_paper" ON "app"."note_papers" USING btree ("library_paper_id");--> statement-breakpoint
CREATE INDEX "notes_user_updated" ON "app"."notes" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "notes_search" ON "app"."notes" USING gin ("search");--> statement-breakpoint
CREATE POLICY "note_papers_select_own" ON "app"."note_papers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "note_papers_insert_own" ON "app"."note_papers" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "note_papers_update_own" ON "app"."note_papers" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (user_id = app.current_user_id()) WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "note_papers_delete_own" ON "app"."note_papers" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "note_papers_insert_own_ends" ON "app"."note_papers" AS RESTRICTIVE FOR INSERT TO "authenticated" WITH CHECK (exists (select 1 from app.notes n where n.id = note_id and n.user_id = app.current_user_id())
          and exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id()));--> statement-breakpoint
CREATE POLICY "notes_select_own" ON "app"."notes" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "notes_insert_own" ON "app"."notes" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "notes_update_own" ON "app"."notes" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (user_id = app.current_user_id()) WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "notes_delete_own" ON "app"."notes" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());