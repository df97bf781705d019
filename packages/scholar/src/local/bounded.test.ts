// Bounded candidate generation (strategy 'bounded', not the default): reading the strongest postings in rounds and
// stopping early must give exactly the top results (ids, scores and order) of reading every posting, and the budget
// path's answer when it cannot prove them.
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import type { Paper } from '../paper';
import { refreshStatistics, upsertPapers } from './store';
import { searchLocal } from './search';
import { seededRandom } from '../evaluation/seeded-random';

let handle: DatabaseHandle;

// A vocabulary whose words are used with Zipfian frequencies: the first words are in most papers (many blocks each),
// the last in a few.
const WORDS = [
  'protein',
  'cell',
  'model',
  'signal',
  'growth',
  'tumour',
  'neuron',
  'insulin',
  'kinase',
  'receptor',
  'membrane',
  'enzyme',
  'glucose',
  'lipid',
  'hormone',
  'virus',
  'antibody',
  'synapse',
  'mitochondria',
  'ribosome',
  'telomere',
  'prion',
  'autophagy',
  'ferroptosis',
];
const PAPERS = 2400;

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  const next = seededRandom(7);
  const papers: Paper[] = Array.from({ length: PAPERS }, (_, n) => {
    const pick = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length * next() ** 2.2))]!;
    const title = Array.from({ length: 3 + Math.floor(next() * 5) }, pick).join(' ');
    const abstract = Array.from({ length: 10 + Math.floor(next() * 40) }, pick).join(' ');
    return {
      id: `b:${n}`,
      title,
      abstract,
      authors: [],
      issued: { year: 2020 },
      container: null,
      doi: null,
      arxivId: null,
      pmid: null,
      url: null,
      language: 'en',
      type: 'article',
      fields: [],
      keywords: [],
      source: 'test',
    };
  });
  for (let i = 0; i < papers.length; i += 400) await upsertPapers(handle.db, papers.slice(i, i + 400));
  await refreshStatistics(handle.db);
}, 120_000);
afterAll(() => handle?.close());

const QUERIES = [
  'protein cell',
  'kinase receptor membrane',
  'ferroptosis autophagy protein',
  'model signal growth tumour neuron',
  'telomere',
  'cell',
  'prion cell model',
];

describe('bounded candidate generation', () => {
  it('answers exactly what reading every posting answers, in several rounds', async () => {
    for (const query of QUERIES) {
      for (const limit of [1, 10, 40]) {
        const exact = await searchLocal(handle.db, { query, limit, exhaustive: true });
        // One block per term first, growing each round: the common words have ten blocks and more here.
        const bounded = await searchLocal(handle.db, { query, limit, strategy: 'bounded', rounds: { first: 1, whole: 0 } });
        expect(
          bounded.hits.map((h) => h.id),
          `${query} @${limit}`,
        ).toEqual(exact.hits.map((h) => h.id));
        bounded.hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(exact.hits[i]!.score, 9));
      }
    }
  });

  it('pages through the same order', async () => {
    const exact = await searchLocal(handle.db, { query: 'kinase receptor membrane', limit: 30, exhaustive: true });
    const second = await searchLocal(handle.db, {
      query: 'kinase receptor membrane',
      limit: 10,
      offset: 20,
      strategy: 'bounded',
      rounds: { first: 1, whole: 0 },
    });
    expect(second.hits.map((h) => h.id)).toEqual(exact.hits.slice(20, 30).map((h) => h.id));
  });

  it('reads in one round what is small, and answers as the budget path does', async () => {
    for (const query of QUERIES) {
      const budget = await searchLocal(handle.db, { query, limit: 20 });
      const bounded = await searchLocal(handle.db, { query, limit: 20, strategy: 'bounded' });
      expect(bounded.hits.map((h) => h.id)).toEqual(budget.hits.map((h) => h.id));
      // The same sums, added in another order.
      bounded.hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(budget.hits[i]!.score, 9));
    }
  });
});
