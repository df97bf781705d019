CREATE SCHEMA "scholar";
--> statement-breakpoint
CREATE TABLE "scholar"."corpus_stats" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"documents" integer NOT NULL,
	"average_length" real NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."papers" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"abstract" text,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"year" integer,
	"month" integer,
	"day" integer,
	"container" text,
	"doi" text,
	"arxiv_id" text,
	"pmid" text,
	"url" text,
	"language" text,
	"type" text DEFAULT 'article' NOT NULL,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"doc_length" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."term_stats" (
	"term" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "papers_tsv_idx" ON "scholar"."papers" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "papers_doi_idx" ON "scholar"."papers" USING btree ("doi");--> statement-breakpoint
CREATE INDEX "papers_arxiv_id_idx" ON "scholar"."papers" USING btree ("arxiv_id");--> statement-breakpoint
CREATE INDEX "papers_pmid_idx" ON "scholar"."papers" USING btree ("pmid");--> statement-breakpoint
CREATE INDEX "papers_year_idx" ON "scholar"."papers" USING btree ("year");