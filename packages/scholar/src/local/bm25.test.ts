// The scores are Okapi BM25: computed here by hand for a corpus of words PostgreSQL's English stemmer leaves alone,
// after the corpus's average length moved far enough from the indexing pivot for the weights to be recomputed.
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import type { Paper } from '../paper';
import { RANKING } from './ranking';
import { searchLocal } from './search';
import { refreshStatistics, upsertPapers } from './store';

const paper = (id: string, title: string, abstract: string): Paper => ({
  id,
  title,
  abstract,
  authors: [],
  issued: null,
  container: null,
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'test',
});
const first = [paper('d1', 'quark lemon', 'quark zebra zebra'), paper('d2', 'zebra', 'lemon lemon lemon quark')];
const later = [paper('d3', 'violin', `zebra ${'violin '.repeat(30)}`)];
const corpus = [...first, ...later];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  await upsertPapers(handle.db, first);
  await refreshStatistics(handle.db);
  await upsertPapers(handle.db, later);
  await refreshStatistics(handle.db);
});
afterAll(() => handle.close());

function bm25(query: string[], doc: Paper) {
  const { k1, b, titleWeight } = RANKING;
  const words = (p: Paper) => `${p.title} ${p.abstract}`.split(/\s+/).filter(Boolean);
  const average = corpus.reduce((sum, p) => sum + words(p).length, 0) / corpus.length;
  return query.reduce((score, term) => {
    const df = corpus.filter((p) => words(p).includes(term)).length;
    const tf = titleWeight * doc.title.split(' ').filter((w) => w === term).length + (doc.abstract ?? '').split(/\s+/).filter((w) => w === term).length;
    if (tf === 0) return score;
    const idf = Math.log(1 + (corpus.length - df + 0.5) / (df + 0.5));
    return score + (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * words(doc).length) / average));
  }, 0);
}

it('scores every paper with Okapi BM25 over the current corpus statistics', async () => {
  const { hits } = await searchLocal(handle.db, { query: 'quark zebra' });
  expect(hits.map((h) => h.id).sort()).toEqual(['d1', 'd2', 'd3']);
  for (const hit of hits)
    expect(hit.score).toBeCloseTo(
      bm25(
        ['quark', 'zebra'],
        corpus.find((p) => p.id === hit.id)!,
      ),
      4,
    );
  expect(hits.map((h) => h.id)).toEqual([...hits].sort((a, b) => b.score - a.score).map((h) => h.id));
});

it('re-importing a paper replaces its postings instead of adding to them', async () => {
  const before = await searchLocal(handle.db, { query: 'lemon' });
  await upsertPapers(handle.db, [first[1]!]);
  await refreshStatistics(handle.db);
  expect(await searchLocal(handle.db, { query: 'lemon' })).toEqual(before);
});
