// The `scholar` schema: the local corpus and the statistics its BM25 ranking needs.
import { sql } from '@citewise/db/orm';
import { customType, index, integer, jsonb, pgSchema, real, text, timestamp } from '@citewise/db/pg-core';

export const scholar = pgSchema('scholar');

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const papers = scholar.table(
  'papers',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    abstract: text('abstract'),
    authors: jsonb('authors').$type<Array<{ family?: string; given?: string; literal?: string }>>().notNull().default([]),
    year: integer('year'),
    month: integer('month'),
    day: integer('day'),
    container: text('container'),
    doi: text('doi'),
    arxivId: text('arxiv_id'),
    pmid: text('pmid'),
    url: text('url'),
    language: text('language'),
    type: text('type').notNull().default('article'),
    fields: text('fields').array().notNull().default(sql`'{}'::text[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    source: text('source').notNull(),
    /** Title (weight A) and abstract, keywords (weight B), Chinese pre-segmented; English-stemmed. */
    tsv: tsvector('tsv').notNull(),
    /** Number of indexed tokens, for BM25's length normalisation. */
    docLength: integer('doc_length').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('papers_tsv_idx').using('gin', t.tsv),
    index('papers_doi_idx').on(t.doi),
    index('papers_arxiv_id_idx').on(t.arxivId),
    index('papers_pmid_idx').on(t.pmid),
    index('papers_year_idx').on(t.year),
  ],
);

/** Document frequency of every indexed term, refreshed after each import (BM25's idf). */
export const termStats = scholar.table('term_stats', {
  term: text('term').primaryKey(),
  documents: integer('documents').notNull(),
});

/** One row: corpus size and average document length. */
export const corpusStats = scholar.table('corpus_stats', {
  id: integer('id').primaryKey().default(1),
  documents: integer('documents').notNull(),
  averageLength: real('average_length').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});
