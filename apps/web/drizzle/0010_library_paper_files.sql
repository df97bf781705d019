CREATE TABLE "app"."library_paper_files" (
	"user_id" uuid NOT NULL,
	"library_paper_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_paper_files_library_paper_id_object_id_pk" PRIMARY KEY("library_paper_id","object_id")
);
--> statement-breakpoint
ALTER TABLE "app"."library_paper_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app"."library_paper_files" ADD CONSTRAINT "library_paper_files_library_paper_id_library_papers_id_fk" FOREIGN KEY ("library_paper_id") REFERENCES "app"."library_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_paper_files_user_object" ON "app"."library_paper_files" USING btree ("user_id","object_id");--> statement-breakpoint
CREATE POLICY "library_paper_files_select_own" ON "app"."library_paper_files" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_paper_files_insert_own" ON "app"."library_paper_files" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_paper_files_delete_own" ON "app"."library_paper_files" AS PERMISSIVE FOR DELETE TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "library_paper_files_insert_own_paper" ON "app"."library_paper_files" AS RESTRICTIVE FOR INSERT TO "authenticated" WITH CHECK (exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id()));