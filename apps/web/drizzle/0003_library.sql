CREATE TABLE "app"."library_collection_papers" (
	"user_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"library_paper_id" uuid NOT NULL,
	CONSTRAINT "library_collection_papers_collection_id_library_paper_id_pk" PRIMARY KEY("collection_id","library_paper_id")
);
--> statement-breakpoint
ALTER TABLE "app"."library_collection_papers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."library_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_collections_user_name" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "app"."library_collections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."library_papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"paper_id" text NOT NULL,
	"paper" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_papers_user_paper" UNIQUE("user_id","paper_id")
);
--> statement-breakpoint
ALTER TABLE "app"."library_papers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app"."library_collection_papers" ADD CONSTRAINT "library_collection_papers_collection_id_library_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "app"."library_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."library_collection_papers" ADD CONSTRAINT "library_collection_papers_library_paper_id_library_papers_id_fk" FOREIGN KEY ("library_paper_id") REFERENCES "app"."library_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_collection_papers_paper" ON "app"."library_collection_papers" USING btree ("library_paper_id");--> statement-breakpoint
CREATE POLICY "library_collection_papers_select_own" ON "app"."library_collection_papers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_collection_papers_insert_own" ON "app"."library_collection_papers" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_collection_papers_delete_own" ON "app"."library_collection_papers" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_collection_papers_insert_own_ends" ON "app"."library_collection_papers" AS RESTRICTIVE FOR INSERT TO "authenticated" WITH CHECK (exists (select 1 from app.library_collections c where c.id = collection_id and c.user_id = app.current_user_id())
          and exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id()));--> statement-breakpoint
CREATE POLICY "library_collections_select_own" ON "app"."library_collections" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_collections_insert_own" ON "app"."library_collections" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_collections_update_own" ON "app"."library_collections" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (user_id = app.current_user_id()) WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_collections_delete_own" ON "app"."library_collections" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_papers_select_own" ON "app"."library_papers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_papers_insert_own" ON "app"."library_papers" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_papers_update_own" ON "app"."library_papers" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (user_id = app.current_user_id()) WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_papers_delete_own" ON "app"."library_papers" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());