// Decoded postings: the first blocks of each term of a search, read in one statement into one reused buffer, must be
// exactly the term's strongest postings in the index's order (weight descending, then paper), with their float4 weights.
import { createTestDatabase } from '@citewise/db/testing';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import type { Paper } from '../paper';
import { readTermPostings, type TermPostings } from './postings';
import { BLOCK_POSTINGS } from './ranking';
import { refreshStatistics, upsertPapers } from './store';
import { seededRandom } from '../evaluation/seeded-random';

let handle: DatabaseHandle;


// Zipfian word use: the first words are in most papers (several blocks each), the last in a few.
const WORDS = ['protein', 'cell', 'model', 'signal', 'growth', 'tumour', 'neuron', 'insulin', 'kinase', 'receptor', 'membrane', 'enzyme', 'telomere', 'prion'];

function papers(from: number, count: number, seed: number): Paper[] {
  const next = seededRandom(seed);
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

async function terms(names: string[]) {
  return queryRows<{ term: string; documents: number }>(handle.db, sql`
    select term, documents from scholar.term_stats where term = any(${`{${names.join(',')}}`}::text[])`);
}

/** The (key, weight) pairs of decoded postings. */
const pairs = (p: TermPostings | undefined) => Array.from({ length: p?.count ?? 0 }, (_, i) => [p!.ints[2 * i]!, p!.floats[2 * i + 1]!]);

/** The first `blocks` blocks' worth of each term's postings as the index orders them: weight descending, then paper. */
async function expected(names: string[], blocks: number) {
  const rows = await queryRows<{ term: string; paper: number; weight: number }>(handle.db, sql`
    select term, paper, weight from scholar.postings where term = any(${`{${names.join(',')}}`}::text[]) order by term, weight desc, paper`);
  return new Map(names.map((term) => [term, rows.filter((r) => r.term === term).slice(0, blocks * BLOCK_POSTINGS).map((r) => [Number(r.paper), Math.fround(Number(r.weight))])]));
}

async function read(names: string[], blocks: number[], via: 'copy' | 'text' = 'copy') {
  const postings = await readTermPostings(handle.db, names.map((term, i) => ({ term, blocks: blocks[i]! })), via);
  const result = new Map(names.map((term) => [term, pairs(postings.get(term))]));
  postings.release();
  return result;
}

describe('decoded postings', () => {
  it('reads the first blocks of each term, strongest first, as the index stores them', async () => {
    const names = ['protein', 'kinas', 'ribosom'];
    const stats = await terms(names);
    const documents = (term: string) => stats.find((t) => t.term === term)!.documents;
    // A common word spanning several blocks, a less common one, a rare one in less than one block.
    expect(documents('protein')).toBeGreaterThan(3 * BLOCK_POSTINGS);
    expect(documents('ribosom')).toBeLessThan(BLOCK_POSTINGS);
    const whole = 2 ** 31 - 1;
    // On PostgreSQL `copy` receives the blocks as binary COPY data and `text` as hex; PGlite reads hex both times.
    for (const via of ['copy', 'text'] as const) {
      for (const blocks of [[1, 1, 1], [3, 2, 1], [whole, whole, whole], [2, 0, whole]]) {
        const got = await read(names, blocks, via);
        for (const [i, term] of names.entries()) {
          expect(got.get(term), `${via}, ${term}: ${blocks[i]} blocks`).toEqual((await expected([term], blocks[i]!)).get(term));
        }
      }
    }
  });

  it('quotes the terms it puts into the COPY statement', async () => {
    // COPY takes no parameters: a term with quotes, a backslash or a brace must stay one term that matches nothing.
    const got = await read([`it's`, 'a\\b', '{x,y}', `'); drop table scholar.papers; --`], [1, 1, 1, 1]);
    expect([...got.values()]).toEqual([[], [], [], []]);
    expect((await expected(['protein'], 1)).get('protein')!.length).toBe(BLOCK_POSTINGS);
  });

  it('hands out buffers that the next read reuses only once released', async () => {
    const first = await readTermPostings(handle.db, [{ term: 'protein', blocks: 2 }]);
    const before = pairs(first.get('protein'));
    const second = await readTermPostings(handle.db, [{ term: 'cell', blocks: 2 }]);
    // Both still readable: the second read did not write into the first one's buffer.
    expect(pairs(first.get('protein'))).toEqual(before);
    expect(pairs(second.get('cell'))).toEqual((await expected(['cell'], 2)).get('cell'));
    first.release();
    second.release();
  });
});
