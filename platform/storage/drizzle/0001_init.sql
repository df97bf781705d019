CREATE SCHEMA "storage";
--> statement-breakpoint
CREATE TABLE "storage"."buckets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner" uuid,
	"owner_id" text,
	"public" boolean DEFAULT false NOT NULL,
	"file_size_limit" bigint,
	"allowed_mime_types" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage"."buckets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "storage"."objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" text NOT NULL,
	"name" text NOT NULL,
	"owner" uuid,
	"owner_id" text,
	"version" uuid NOT NULL,
	"metadata" jsonb NOT NULL,
	"user_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage"."objects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "storage"."objects" ADD CONSTRAINT "objects_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "storage"."buckets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buckets_name_key" ON "storage"."buckets" USING btree (name);--> statement-breakpoint
CREATE UNIQUE INDEX "objects_bucket_name_key" ON "storage"."objects" USING btree ("bucket_id","name");--> statement-breakpoint
CREATE INDEX "objects_bucket_lower_name_idx" ON "storage"."objects" USING btree ("bucket_id",lower(name) text_pattern_ops);--> statement-breakpoint
CREATE POLICY "buckets_select_product" ON "storage"."buckets" AS PERMISSIVE FOR SELECT TO "authenticated" USING (id in ('files', 'avatars'));--> statement-breakpoint
CREATE POLICY "objects_select_own_folder" ON "storage"."objects" AS PERMISSIVE FOR SELECT TO "authenticated" USING (bucket_id in ('files', 'avatars') and split_part(name, '/', 1) = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'));--> statement-breakpoint
CREATE POLICY "objects_insert_own_folder" ON "storage"."objects" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (bucket_id in ('files', 'avatars') and split_part(name, '/', 1) = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'));--> statement-breakpoint
CREATE POLICY "objects_update_own_folder" ON "storage"."objects" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (bucket_id in ('files', 'avatars') and split_part(name, '/', 1) = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')) WITH CHECK (bucket_id in ('files', 'avatars') and split_part(name, '/', 1) = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'));--> statement-breakpoint
CREATE POLICY "objects_delete_own_folder" ON "storage"."objects" AS PERMISSIVE FOR DELETE TO "authenticated" USING (bucket_id in ('files', 'avatars') and split_part(name, '/', 1) = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'));