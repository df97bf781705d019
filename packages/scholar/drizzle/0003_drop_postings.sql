-- Postings are derived from papers.tsv when blocks are built (local/store.ts): the table of them goes.
DROP TABLE "scholar"."postings" CASCADE;--> statement-breakpoint
-- Nothing filters papers by tsv, and ANALYZE's lexeme statistics of it were most of the cost of analysing papers
-- after every import.
ALTER TABLE "scholar"."papers" ALTER COLUMN "tsv" SET STATISTICS 0;
