// The `scholar` schema: the local corpus and the statistics its BM25 ranking needs.
import { sql } from '@citewise/db/orm';
import { boolean, customType, index, integer, jsonb, pgSchema, primaryKey, real, text, timestamp } from '@citewise/db/pg-core';

export const scholar = pgSchema('scholar');

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

export const papers = scholar.table(
  'papers',
  {
    id: text('id').primaryKey(),
    /** Compact internal key the inverted index refers to (a 4-byte integer instead of the id's ~20 bytes). */
    key: integer('key').generatedAlwaysAsIdentity().notNull().unique(),
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
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text('source').notNull(),
    /** Publication details (volume, issue, pages, publisher, …) under their CSL variable names; see Paper.details. */
    details: jsonb('details').$type<Record<string, string>>(),
    /** Title (weight A) and abstract, keywords (weight B), Chinese pre-segmented; English-stemmed. */
    tsv: tsvector('tsv').notNull(),
    /** For the "has abstract" filter, answerable from papers_filter_idx alone. */
    hasAbstract: boolean('has_abstract').generatedAlwaysAs(sql`coalesce(abstract, '') <> ''`),
    /** Number of indexed tokens, for BM25's length normalisation. */
    docLength: integer('doc_length').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index on tsv: searches read term_blocks, and a GIN index nothing queried cost imports about as much as the
  // papers' own insertion (bench/README.md, corpus import).
  (t) => [
    index('papers_doi_idx').on(t.doi),
    index('papers_arxiv_id_idx').on(t.arxivId),
    index('papers_pmid_idx').on(t.pmid),
    index('papers_year_idx').on(t.year),
    // Filters and date order of a search check thousands of candidate papers by key: from this index alone.
    index('papers_filter_idx').on(t.key, t.year, t.month, t.day, t.hasAbstract),
  ],
);

/**
 * The inverted index. A posting is a (term, paper) pair whose weight is BM25's saturated, length-normalised term
 * frequency, computed from the paper's tsvector with the average length in `corpus_stats.weight_length`, so a paper's
 * score for a query is the sum of idf × weight over its terms (local/store.ts, postingsOf). Each term's postings are
 * kept only packed for reading: blocks of up to BLOCK_POSTINGS (paper key int4, weight float4) pairs,
 * big-endian, strongest weight first, block 0 holding the strongest. A search reads a few kilobytes per term instead
 * of thousands of index tuples, and may stop after a term's first blocks (its strongest postings).
 */
export const termBlocks = scholar.table(
  'term_blocks',
  {
    term: text('term').notNull(),
    block: integer('block').notNull(),
    postings: bytea('postings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.term, t.block] })],
);

/** Terms whose postings changed since the last refresh: their blocks and document frequencies are rebuilt. */
export const dirtyTerms = scholar.table('dirty_terms', { term: text('term').primaryKey() });

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
  /** The average length the stored posting weights were computed with; they are recomputed when it drifts. */
  weightLength: real('weight_length').notNull(),
  /** Highest paper key, so a search can score papers in an array indexed by key. */
  maxKey: integer('max_key').notNull().default(0),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bundled corpora already imported (by checksum), so each start imports the default corpus only when it is new. */
export const corpusImports = scholar.table('corpus_imports', {
  checksum: text('checksum').primaryKey(),
  name: text('name').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});
