// Decoded postings: the first blocks of each term of a search, read in one statement into one reused buffer, must be
// exactly the term's strongest postings in the index's order (weight descending, then paper), with their float4 weights.
import { createTestDatabase } from '@citewise/db/testing';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import type { Paper } from '../paper';
import { parseCopiedBlocks, readTermPostings, type TermPostings } from './postings';
import { BLOCK_POSTINGS } from './ranking';
import { postingsOf, refreshStatistics, upsertPapers } from './store';
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
    return {
      id: `p:${from + i}`,
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
}

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  const corpus = papers(0, 1600, 11);
  for (let i = 0; i < corpus.length; i += 400) await upsertPapers(handle.db, corpus.slice(i, i + 400));
  await refreshStatistics(handle.db);
}, 120_000);
afterAll(() => handle?.close());

async function terms(names: string[]) {
  return queryRows<{ term: string; documents: number }>(
    handle.db,
    sql`
    select term, documents from scholar.term_stats where term = any(${`{${names.join(',')}}`}::text[])`,
  );
}

/** The (key, weight) pairs of decoded postings. */
const pairs = (p: TermPostings | undefined) => Array.from({ length: p?.count ?? 0 }, (_, i) => [p!.ints[2 * i]!, p!.floats[2 * i + 1]!]);

/** The first `blocks` blocks' worth of each term's postings as the index orders them: weight descending, then paper. */
async function expected(names: string[], blocks: number) {
  const rows = await queryRows<{ term: string; paper: number; weight: number }>(
    handle.db,
    sql`
    select term, paper, weight from (${postingsOf(sql`select key, tsv, doc_length from scholar.papers`, (lexeme) => sql`${lexeme} = any(${`{${names.join(',')}}`}::text[])`)}) p
    order by term, weight desc, paper`,
  );
  return new Map(
    names.map((term) => [
      term,
      rows
        .filter((r) => r.term === term)
        .slice(0, blocks * BLOCK_POSTINGS)
        .map((r) => [Number(r.paper), Math.fround(Number(r.weight))]),
    ]),
  );
}

async function read(names: string[], blocks: number[], via: 'copy' | 'text' = 'copy') {
  const postings = await readTermPostings(
    handle.db,
    names.map((term, i) => ({ term, blocks: blocks[i]! })),
    via,
  );
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
      for (const blocks of [
        [1, 1, 1],
        [3, 2, 1],
        [whole, whole, whole],
        [2, 0, whole],
      ]) {
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

describe('binary COPY data of term blocks', () => {
  /** PostgreSQL's binary COPY framing of rows (term's place, block, postings): header, rows, end marker. */
  function copyData(rows: { term: number; block: number; postings: number }[], trailer = true) {
    const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
    for (const row of rows) {
      const head = Buffer.alloc(22);
      head.writeInt16BE(3, 0);
      head.writeInt32BE(4, 2);
      head.writeInt32BE(row.term, 6);
      head.writeInt32BE(4, 10);
      head.writeInt32BE(row.block, 14);
      head.writeInt32BE(row.postings * 8, 18);
      parts.push(head, Buffer.alloc(row.postings * 8, row.term));
    }
    if (trailer) parts.push(Buffer.from([0xff, 0xff]));
    return Buffer.concat(parts);
  }
  const parse = (data: Buffer, terms = 2) => parseCopiedBlocks(data, data.length, terms);

  it('finds each block in place', () => {
    const data = copyData([
      { term: 1, block: 0, postings: BLOCK_POSTINGS },
      { term: 2, block: 0, postings: 3 },
      { term: 1, block: 1, postings: 1 },
    ]);
    expect(parse(data).map(({ term, block, bytes }) => ({ term, block, bytes }))).toEqual([
      { term: 0, block: 0, bytes: BLOCK_POSTINGS * 8 },
      { term: 1, block: 0, bytes: 24 },
      { term: 0, block: 1, bytes: 8 },
    ]);
    expect(data[parse(data)[1]!.at]).toBe(2);
  });

  it('refuses data that is cut, padded, or has a row that would overwrite another block', () => {
    const rows = [{ term: 1, block: 0, postings: 2 }];
    expect(() => parse(copyData(rows, false))).toThrow(/no end marker/);
    expect(() => parse(copyData(rows).subarray(0, 30))).toThrow(/cut short/);
    expect(() => parse(Buffer.concat([copyData(rows), Buffer.from([0])]))).toThrow(/after the end marker/);
    expect(() => parse(copyData([{ term: 3, block: 0, postings: 1 }]))).toThrow(/term 3 of 2/);
    expect(() => parse(copyData([{ term: 1, block: -1, postings: 1 }]))).toThrow(/block -1/);
    expect(() => parse(copyData([{ term: 1, block: 0, postings: BLOCK_POSTINGS + 1 }]))).toThrow(/does not fit/);
    const odd = copyData(rows);
    odd.writeInt32BE(12, 19 + 18);
    expect(() => parse(odd)).toThrow(/12 bytes/);
    expect(() => parse(Buffer.from('not copy data at all'))).toThrow(/not PostgreSQL binary COPY data/);
  });
});
