// The search index an import leaves behind is the same whichever way it was written: a first import (every term's
// blocks built at the refresh), an import grown batch by batch into a corpus that is already indexed (only the terms
// of new and changed papers rebuilt), an interrupted import completed by the next one, and batches written two at a
// time. And it holds what the papers call for: the blocks decoded are the postings derived here from the tsvectors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createTestDatabase } from '@citewise/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { paperFromCorpusRecord } from '../import/corpus-record';
import { importJsonLines } from '../import/import-file';
import type { Paper } from '../paper';
import { BLOCK_POSTINGS, RANKING } from './ranking';
import { searchLocal } from './search';
import { refreshStatistics, upsertPapers } from './store';

const CORPUS = path.join(import.meta.dirname, '..', '..', 'data', 'corpus', 'default.jsonl.gz');
const papers: Paper[] = gunzipSync(fs.readFileSync(CORPUS))
  .toString('utf8')
  .split('\n', 400)
  .filter(Boolean)
  .slice(0, 240)
  .map((line) => paperFromCorpusRecord(JSON.parse(line)));
const changed = (p: Paper): Paper => ({ ...p, title: `${p.title} revisited`, abstract: `${p.abstract ?? ''} zymurgy quokka` });
const QUERIES = ['neural network', 'protein structure', 'quantum', 'climate change model', 'zymurgy', 'learning graph'];

type Db = DatabaseHandle['db'];

async function importInBatches(db: Db, list: Paper[], size = 50) {
  for (let i = 0; i < list.length; i += size) await db.transaction((tx) => upsertPapers(tx, list.slice(i, i + size)));
}

interface Posting {
  id: string;
  term: string;
  weight: number;
}
const byIdAndTerm = (x: Posting, y: Posting) => (x.id < y.id ? -1 : x.id > y.id ? 1 : x.term < y.term ? -1 : x.term > y.term ? 1 : 0);

/** The postings the blocks hold, decoded here, by paper id (keys differ between databases). */
async function postings(db: Db): Promise<Posting[]> {
  const ids = new Map((await queryRows<{ key: number; id: string }>(db, sql`select key, id from scholar.papers`)).map((p) => [Number(p.key), p.id]));
  const rows: Posting[] = [];
  for (const { term, bytes } of await blocks(db)) {
    const data = Buffer.from(bytes, 'hex');
    for (let at = 0; at < data.length; at += 8) rows.push({ id: ids.get(data.readInt32BE(at))!, term, weight: data.readFloatBE(at + 4) });
  }
  return rows.sort(byIdAndTerm);
}

/** The postings the papers' tsvectors call for, with the corpus's weight_length: derived here, not by store.ts. */
async function expectedPostings(db: Db): Promise<Posting[]> {
  const { k1, b, titleWeight } = RANKING;
  const rows = await queryRows<Posting>(
    db,
    sql`
    select p.id, x.lexeme as term,
      (t.tf * ${k1 + 1}::float8 / (t.tf + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.doc_length / greatest(c.weight_length, 1))))::real as weight
    from scholar.papers p cross join lateral unnest(p.tsv) x cross join scholar.corpus_stats c
    cross join lateral (select (coalesce(array_length(x.positions, 1), 1) + ${titleWeight - 1}::float8 * cardinality(array_positions(x.weights, 'A')))::float8 as tf) t`,
  );
  return rows.map((r) => ({ id: r.id, term: r.term, weight: Math.fround(Number(r.weight)) })).sort(byIdAndTerm);
}

const termStats = (db: Db) => queryRows<{ term: string; documents: number }>(db, sql`select term, documents from scholar.term_stats order by term`);
const blocks = (db: Db) =>
  queryRows<{ term: string; block: number; bytes: string }>(
    db,
    sql`select term, block, encode(postings, 'hex') as bytes from scholar.term_blocks order by term, block`,
  );
const searches = (db: Db) => Promise.all(QUERIES.map(async (query) => (await searchLocal(db, { query, limit: 50 })).hits.map((h) => [h.id, h.score])));

/** The index is what the papers call for: postings derived afresh, term statistics and blocks rebuilt for every term. */
async function expectConsistent(db: Db) {
  expect(await postings(db)).toEqual(await expectedPostings(db));
  const stats = await termStats(db);
  const stored = await blocks(db);
  const [{ n } = { n: '0' }] = await queryRows<{ n: string }>(db, sql`select count(*) as n from scholar.dirty_terms`);
  expect(Number(n)).toBe(0);
  // Every term rebuilt by the production statements from the papers as they are.
  await db.execute(
    sql`insert into scholar.dirty_terms (term) select distinct unnest(tsvector_to_array(tsv)) from scholar.papers union select term from scholar.term_stats`,
  );
  await refreshStatistics(db);
  expect(await termStats(db)).toEqual(stats);
  expect(await blocks(db)).toEqual(stored);
}

describe('search index written by imports', () => {
  let whole: DatabaseHandle;
  let grown: DatabaseHandle;
  let resumed: DatabaseHandle;
  beforeAll(async () => {
    whole = await createTestDatabase([migrations]);
    grown = await createTestDatabase([migrations]);
    resumed = await createTestDatabase([migrations]);
    // All papers in a first import.
    await importInBatches(whole.db, papers);
    await refreshStatistics(whole.db);
    // Half, then the other half with a quarter of the first half changed, then those changed back.
    await importInBatches(grown.db, papers.slice(0, 120));
    await refreshStatistics(grown.db);
    await importInBatches(grown.db, [...papers.slice(120), ...papers.slice(0, 30).map(changed)]);
    await refreshStatistics(grown.db);
    await importInBatches(grown.db, papers.slice(0, 30));
    await refreshStatistics(grown.db);
    // An import interrupted before its refresh (with papers changed), then run again to the end.
    await importInBatches(resumed.db, [...papers.slice(0, 90).map(changed), ...papers.slice(200)]);
    await importInBatches(resumed.db, papers);
    await refreshStatistics(resumed.db);
  });
  afterAll(() => Promise.all([whole, grown, resumed].map((handle) => handle?.close())));

  it('a first import indexes every paper', async () => {
    await expectConsistent(whole.db);
    const [stats] = await queryRows<{ documents: number; max_key: number; weight_length: number; average_length: number }>(
      whole.db,
      sql`select documents, max_key, weight_length, average_length from scholar.corpus_stats`,
    );
    expect(Number(stats!.documents)).toBe(papers.length);
    expect(stats!.weight_length).toBeCloseTo(stats!.average_length, 3);
    // Every block is full but a term's last, and a term's document frequency is its number of postings.
    const counts = new Map<string, number>();
    for (const { term } of await postings(whole.db)) counts.set(term, (counts.get(term) ?? 0) + 1);
    expect(new Map((await termStats(whole.db)).map((t) => [t.term, Number(t.documents)]))).toEqual(counts);
    for (const block of await blocks(whole.db)) {
      const last = Math.ceil(counts.get(block.term)! / BLOCK_POSTINGS) - 1;
      expect(block.bytes.length / 16).toBe(block.block < last ? BLOCK_POSTINGS : counts.get(block.term)! - last * BLOCK_POSTINGS);
    }
    expect((await searchLocal(whole.db, { query: 'zymurgy' })).hits).toEqual([]);
  });

  it('an import into an indexed corpus, re-imports included, leaves the index a first import of the same papers would', async () => {
    await expectConsistent(grown.db);
    const strip = (rows: Posting[]) => rows.map(({ id, term }) => ({ id, term }));
    expect(strip(await postings(grown.db))).toEqual(strip(await postings(whole.db)));
    expect(await termStats(grown.db)).toEqual(await termStats(whole.db));
    // The weights were normalised with the first half's average length here, so scores differ slightly.
    const [a, b] = [await searches(grown.db), await searches(whole.db)];
    for (const [i, hits] of a.entries()) {
      expect(hits.map(([id]) => id).sort()).toEqual(b[i]!.map(([id]) => id).sort());
    }
  });

  it('an interrupted import run again gives the index of one uninterrupted import', async () => {
    await expectConsistent(resumed.db);
    expect(await postings(resumed.db)).toEqual(await postings(whole.db));
    expect(await termStats(resumed.db)).toEqual(await termStats(whole.db));
    expect(await searches(resumed.db)).toEqual(await searches(whole.db));
  });
  it('an import run again marks no term to rebuild, and its refresh leaves the index as it was', async () => {
    const [before, stats] = [await blocks(whole.db), await termStats(whole.db)];
    await importInBatches(whole.db, papers);
    const [{ n } = { n: '0' }] = await queryRows<{ n: string }>(whole.db, sql`select count(*) as n from scholar.dirty_terms`);
    expect(Number(n)).toBe(0);
    expect(await refreshStatistics(whole.db)).toEqual({ everything: false, terms: 0 });
    expect(await blocks(whole.db)).toEqual(before);
    expect(await termStats(whole.db)).toEqual(stats);
  });
});

describe('batches in flight together', () => {
  let handle: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    handle = await createTestDatabase([migrations]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-store-'));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keep the later record of a paper, into an empty corpus and into an indexed one', async () => {
    const file = path.join(dir, 'papers.jsonl');
    // Every 7th paper comes back changed, in the next batch or a few batches later.
    const placed = papers.slice(0, 100).map((p, i) => ({ at: i, paper: p }));
    for (let i = 3; i < 100; i += 7) placed.push({ at: i + (i % 2 ? 4.5 : 11.5), paper: changed(papers[i]!) });
    const lines = placed.sort((x, y) => x.at - y.at).map(({ paper }) => JSON.stringify(paper));
    const later = new Map<string, Paper>();
    for (const { paper } of placed) later.set(paper.id, paper);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    for (let round = 0; round < 2; round++) {
      const report = await importJsonLines(handle.db, file, (value) => value as Paper, { batchSize: 4, inFlight: 2 });
      expect(report.failures).toEqual([]);
      const titles = await queryRows<{ id: string; title: string }>(handle.db, sql`select id, title from scholar.papers order by id`);
      expect(titles).toEqual([...later.values()].map((p) => ({ id: p.id, title: p.title })).sort((x, y) => (x.id < y.id ? -1 : 1)));
      await expectConsistent(handle.db);
    }
  });
});
