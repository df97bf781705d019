// Decoded postings and their cache: what a search reads through the cache (whole, a prefix, a prefix extended) must
// be what it reads without it, and a refresh of the index must never be answered from the older index's postings.
import { createTestDatabase } from '@citewise/db/testing';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import type { Paper } from '../paper';
import { configurePostingsCache, postingsCacheSize, readTermPostings, type TermPostings } from './postings';
import { BLOCK_POSTINGS } from './ranking';
import { refreshStatistics, upsertPapers } from './store';
import { searchLocal } from './search';

let handle: DatabaseHandle;

/** Deterministic PRNG (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Zipfian word use: the first words are in most papers (several blocks each), the last in a few.
const WORDS = ['protein', 'cell', 'model', 'signal', 'growth', 'tumour', 'neuron', 'insulin', 'kinase', 'receptor', 'membrane', 'enzyme', 'telomere', 'prion'];

function papers(from: number, count: number, seed: number): Paper[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const pick = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length * next() ** 2.2))]!;
    const title = Array.from({ length: 3 + Math.floor(next() * 5) }, pick).join(' ');
    // One paper in forty also has a rare word, read in less than one block.
    const abstract = [...Array.from({ length: 10 + Math.floor(next() * 40) }, pick), ...(i % 40 === 0 ? ['ribosome'] : [])].join(' ');
    return { id: `p:${from + i}`, title, abstract, authors: [], issued: { year: 2020 }, container: null, doi: null, arxivId: null, pmid: null, url: null,
      language: 'en', type: 'article', fields: [], keywords: [], source: 'test' };
  });
}

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  const corpus = papers(0, 1600, 11);
  for (let i = 0; i < corpus.length; i += 400) await upsertPapers(handle.db, corpus.slice(i, i + 400));
  await refreshStatistics(handle.db);
}, 120_000);
afterAll(() => handle?.close());
afterEach(() => configurePostingsCache());

async function terms(names: string[]) {
  return queryRows<{ term: string; documents: number; version: string }>(handle.db, sql`
    select t.term, t.documents, c.refreshed_at::text as version from scholar.term_stats t cross join scholar.corpus_stats c
    where t.term = any(${`{${names.join(',')}}`}::text[])`);
}

/** The (key, weight) pairs of decoded postings. */
const pairs = (p: TermPostings | undefined) => Array.from({ length: p?.count ?? 0 }, (_, i) => [p!.ints[2 * i], p!.floats[2 * i + 1]]);

/** The first `blocks` blocks' worth of each term's postings as the index orders them: weight descending, then paper. */
async function expected(names: string[], blocks: number) {
  const rows = await queryRows<{ term: string; paper: number; weight: number }>(handle.db, sql`
    select term, paper, weight from scholar.postings where term = any(${`{${names.join(',')}}`}::text[]) order by term, weight desc, paper`);
  return new Map(names.map((term) => [term, rows.filter((r) => r.term === term).slice(0, blocks * BLOCK_POSTINGS).map((r) => [Number(r.paper), Math.fround(Number(r.weight))])]));
}

async function read(stats: Array<{ term: string; documents: number; version: string }>, blocks: number) {
  const postings = await readTermPostings(handle.db, stats.map((t) => ({ term: t.term, documents: t.documents, blocks })), stats[0]!.version);
  const result = new Map(stats.map((t) => [t.term, pairs(postings.get(t.term))]));
  postings.release();
  return result;
}

describe('decoded postings and their cache', () => {
  it('reads the blocks of a term in order, strongest first, as the index stores them', async () => {
    configurePostingsCache({ enabled: false });
    const stats = await terms(['protein', 'ribosom']);
    expect(await read(stats, 2 ** 31 - 1)).toEqual(await expected(['protein', 'ribosom'], 2 ** 31 - 1));
    expect(await read(stats, 2)).toEqual(await expected(['protein', 'ribosom'], 2));
    // The common word spans several blocks, the rare one fewer than one.
    expect(stats.find((t) => t.term === 'protein')!.documents).toBeGreaterThan(3 * BLOCK_POSTINGS);
    expect(stats.find((t) => t.term === 'ribosom')!.documents).toBeLessThan(BLOCK_POSTINGS);
  });

  it('answers a prefix, a longer prefix and the whole term from the cache as the index has them', async () => {
    // Stems, as the index has them: a common word, a less common one, a rare one.
    const names = ['protein', 'kinas', 'ribosom'];
    const stats = await terms(names);
    configurePostingsCache({ minBlocks: 1 });
    // One block kept, extended to three, a prefix of those, the whole term, a prefix of it.
    for (const blocks of [1, 3, 2, 2 ** 31 - 1, 4]) {
      expect(await read(stats, blocks), `${blocks} blocks`).toEqual(await expected(names, blocks));
      expect(postingsCacheSize().terms).toBe(3);
    }
    const whole = stats.reduce((sum, t) => sum + t.documents, 0);
    expect(postingsCacheSize().postings).toBe(whole);
  });

  it('keeps no more postings than its capacity, the least recently used going first', async () => {
    const stats = await terms(['protein', 'cell', 'model']);
    configurePostingsCache({ minBlocks: 1, capacity: 2 * BLOCK_POSTINGS });
    for (const t of stats) (await readTermPostings(handle.db, [{ term: t.term, documents: t.documents, blocks: 1 }], t.version)).release();
    expect(postingsCacheSize()).toEqual({ postings: 2 * BLOCK_POSTINGS, terms: 2 });
    // A term larger than the whole cache is read but not kept.
    (await readTermPostings(handle.db, [{ term: 'protein', documents: stats[0]!.documents, blocks: 3 }], stats[0]!.version)).release();
    expect(postingsCacheSize().postings).toBeLessThanOrEqual(2 * BLOCK_POSTINGS);
  });

  it('gives the same hits and scores with the cache as without, and sees papers a refresh added', async () => {
    const queries = ['protein cell', 'kinase receptor membrane', 'model signal growth tumour neuron', 'telomere prion', 'cell'];
    const search = async () => Promise.all(queries.map((query) => searchLocal(handle.db, { query, limit: 30 })));
    configurePostingsCache({ enabled: false });
    const before = await search();
    configurePostingsCache({ minBlocks: 1 });
    expect(await search()).toEqual(before);
    expect(postingsCacheSize().terms).toBeGreaterThan(5);
    // Warm: answered from the cache.
    expect(await search()).toEqual(before);
    // New papers that are all about telomeres and prions, then a refresh: the cache must not answer with the old blocks.
    const added = papers(10_000, 40, 5).map((p) => ({ ...p, title: 'telomere prion telomere prion', abstract: 'telomere prion' }));
    await upsertPapers(handle.db, added);
    await refreshStatistics(handle.db);
    const after = await search();
    expect(after[3]!.hits.slice(0, 10).every((h) => h.id.startsWith('p:100'))).toBe(true);
    configurePostingsCache({ enabled: false });
    expect(await search()).toEqual(after);
  });
});
