CREATE SCHEMA "scholar";
--> statement-breakpoint
CREATE TABLE "scholar"."corpus_imports" (
	"checksum" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."corpus_stats" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"documents" integer NOT NULL,
	"average_length" real NOT NULL,
	"weight_length" real NOT NULL,
	"max_key" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."dirty_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."papers" (
	"id" text PRIMARY KEY NOT NULL,
	"key" integer GENERATED ALWAYS AS IDENTITY (sequence name "scholar"."papers_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"details" jsonb,
	"tsv" "tsvector" NOT NULL,
	"has_abstract" boolean GENERATED ALWAYS AS (coalesce(abstract, '') <> '') STORED,
	"doc_length" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "papers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "scholar"."postings" (
	"term" text NOT NULL,
	"paper" integer NOT NULL,
	"frequency" real NOT NULL,
	"weight" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."term_blocks" (
	"term" text NOT NULL,
	"block" integer NOT NULL,
	"postings" "bytea" NOT NULL,
	CONSTRAINT "term_blocks_term_block_pk" PRIMARY KEY("term","block")
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
CREATE INDEX "papers_year_idx" ON "scholar"."papers" USING btree ("year");--> statement-breakpoint
CREATE INDEX "papers_filter_idx" ON "scholar"."papers" USING btree ("key","year","month","day","has_abstract");--> statement-breakpoint
CREATE INDEX "postings_paper_idx" ON "scholar"."postings" USING btree ("paper");