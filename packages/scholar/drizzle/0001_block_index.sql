CREATE TABLE "scholar"."corpus_imports" (
	"checksum" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar"."dirty_terms" (
	"term" text PRIMARY KEY NOT NULL
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
ALTER TABLE "scholar"."corpus_stats" ADD COLUMN "weight_length" real;--> statement-breakpoint
ALTER TABLE "scholar"."corpus_stats" ADD COLUMN "max_key" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scholar"."papers" ADD COLUMN "key" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "scholar"."papers_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "scholar"."papers" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "scholar"."papers" ADD COLUMN "has_abstract" boolean GENERATED ALWAYS AS (coalesce(abstract, '') <> '') STORED;--> statement-breakpoint
CREATE INDEX "postings_paper_idx" ON "scholar"."postings" USING btree ("paper");--> statement-breakpoint
CREATE INDEX "papers_filter_idx" ON "scholar"."papers" USING btree ("key","year","month","day","has_abstract");--> statement-breakpoint
ALTER TABLE "scholar"."papers" ADD CONSTRAINT "papers_key_unique" UNIQUE("key");;--> statement-breakpoint
-- A corpus indexed by the first schema: its papers get postings from their tsvectors (BM25 k1 1.2, b 0.75, title
-- words counted twice, as ranking.ts had it when this was written), then term statistics and the packed blocks of
-- 224 postings each, strongest first, as refreshStatistics builds them. An empty corpus passes through unchanged.
INSERT INTO "scholar"."corpus_stats" ("id", "documents", "average_length", "weight_length", "max_key")
SELECT 1, count(*), coalesce(avg("doc_length"), 0), coalesce(avg("doc_length"), 1), coalesce(max("key"), 0) FROM "scholar"."papers"
ON CONFLICT ("id") DO UPDATE SET "documents" = excluded."documents", "average_length" = excluded."average_length",
  "weight_length" = excluded."weight_length", "max_key" = excluded."max_key", "refreshed_at" = now();--> statement-breakpoint
ALTER TABLE "scholar"."corpus_stats" ALTER COLUMN "weight_length" SET NOT NULL;--> statement-breakpoint
INSERT INTO "scholar"."postings" ("term", "paper", "frequency", "weight")
SELECT t.term, t.paper, t.tf, t.tf * 2.2 / (t.tf + 1.2 * (1 - 0.75 + 0.75 * t.doc_length / greatest(c."weight_length", 1)))
FROM (
  SELECT x.lexeme AS term, p."key" AS paper, p."doc_length" AS doc_length,
    (coalesce(array_length(x.positions, 1), 1) + cardinality(array_positions(x.weights, 'A')))::float8 AS tf
  FROM "scholar"."papers" p CROSS JOIN LATERAL unnest(p."tsv") x
) t CROSS JOIN "scholar"."corpus_stats" c;--> statement-breakpoint
DELETE FROM "scholar"."term_stats";--> statement-breakpoint
INSERT INTO "scholar"."term_stats" ("term", "documents") SELECT "term", count(*) FROM "scholar"."postings" GROUP BY "term";--> statement-breakpoint
INSERT INTO "scholar"."term_blocks" ("term", "block", "postings")
SELECT term, block, string_agg(int4send(paper) || float4send(weight), ''::bytea ORDER BY rank)
FROM (
  SELECT p."term" AS term, p."paper" AS paper, p."weight" AS weight, row_number() OVER w AS rank, (row_number() OVER w - 1) / 224 AS block
  FROM "scholar"."postings" p
  WINDOW w AS (PARTITION BY p."term" ORDER BY p."weight" DESC, p."paper")
) ranked
GROUP BY term, block;