// The local corpus: import with broken records, idempotent upserts, English and Chinese search, filters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { paperFromCorpusRecord } from '../import/corpus-record';
import { importJsonLines } from '../import/import-file';
import { searchLocal } from './search';

let handle: DatabaseHandle;
let dir: string;

const record = (id: string, title: string, abstract: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    title,
    abstract,
    authors: ['Ada Lovelace'],
    year: 2025,
    date: '2025-03-01',
    categories: ['cs.CL'],
    language: 'en',
    source: 'test',
    ...extra,
  });

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-'));
  const lines = [
    record('p1', 'Retrieval-augmented generation for citation checking', 'We verify citations produced by language models against bibliographic databases.'),
    record('p2', 'Galaxy rotation curves and dark matter halos', 'Rotation curves of spiral galaxies constrain the dark matter distribution.', {
      year: 2026,
      date: '2026-02-01',
      categories: ['astro-ph.GA'],
    }),
    '{"id": "broken", "title": ',
    JSON.stringify({ id: 'p3' }),
    record('p4', 'Dense passage retrieval for open-domain question answering', 'Dense retrieval with dual encoders outperforms sparse retrieval.', {
      abstract: null,
    }),
    JSON.stringify({
      id: 'zh1',
      title: '基于深度学习的中文文献检索方法',
      abstract: '本文提出一种结合分词与语义表示的文献检索方法，用于中文学术论文。',
      authors: [],
      year: null,
      categories: ['工学'],
      language: 'zh',
      source: 'csl',
    }),
    JSON.stringify({
      id: 'zh2',
      title: '水运工程施工项目全过程管理',
      abstract: '针对水运工程项目建设中的管理问题，采用全过程管理模式。',
      authors: [],
      year: null,
      categories: ['工学'],
      language: 'zh',
      source: 'csl',
    }),
  ];
  fs.writeFileSync(path.join(dir, 'corpus.jsonl'), `${lines.join('\n')}\n`);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('import', () => {
  it('imports good records, reports broken ones by line, and is idempotent', async () => {
    const file = path.join(dir, 'corpus.jsonl');
    const report = await importJsonLines(handle.db, file, paperFromCorpusRecord);
    expect(report.imported).toBe(5);
    expect(report.failures.map((f) => f.line)).toEqual([3, 4]);
    expect(report.failures[0]!.reason).toBe('not valid JSON');
    await importJsonLines(handle.db, file, paperFromCorpusRecord);
    const [count] = await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from scholar.papers`);
    expect(Number(count!.n)).toBe(5);
  });
});

describe('search', () => {
  it('ranks the paper about the query first, in English', async () => {
    const { hits, total } = await searchLocal(handle.db, { query: 'checking citations from language models' });
    expect(hits[0]!.id).toBe('p1');
    expect(total).toBeGreaterThanOrEqual(1);
  });

  it('finds Chinese papers with a Chinese query', async () => {
    const { hits } = await searchLocal(handle.db, { query: '中文文献检索' });
    expect(hits[0]!.id).toBe('zh1');
    expect((await searchLocal(handle.db, { query: '水运工程管理' })).hits[0]!.id).toBe('zh2');
  });

  it('filters by year, field and abstract, sorts by date, and pages', async () => {
    expect((await searchLocal(handle.db, { query: 'retrieval rotation', yearFrom: 2026 })).hits.map((h) => h.id)).toEqual(['p2']);
    expect((await searchLocal(handle.db, { query: 'retrieval rotation', fields: ['astro-ph.GA'] })).hits.map((h) => h.id)).toEqual(['p2']);
    expect((await searchLocal(handle.db, { query: 'retrieval', hasAbstract: true })).hits.map((h) => h.id)).toEqual(['p1']);
    expect((await searchLocal(handle.db, { query: 'retrieval rotation', sort: 'newest' })).hits[0]!.id).toBe('p2');
    const first = await searchLocal(handle.db, { query: 'retrieval', limit: 1 });
    const second = await searchLocal(handle.db, { query: 'retrieval', limit: 1, offset: 1 });
    expect(first.total).toBe(2);
    expect(first.hits[0]!.id).not.toBe(second.hits[0]!.id);
  });

  it('filters by year bounds, leaving out papers of unknown year, and sees papers refreshed in since', async () => {
    expect((await searchLocal(handle.db, { query: 'retrieval rotation', yearTo: 2025 })).hits.map((h) => h.id).sort()).toEqual(['p1', 'p4']);
    expect((await searchLocal(handle.db, { query: '文献检索', yearFrom: 1900 })).hits).toEqual([]);
    expect((await searchLocal(handle.db, { query: '文献检索' })).total).toBe(1);
    const before = await searchLocal(handle.db, { query: 'retrieval rotation galaxies', yearFrom: 2026, sort: 'newest' });
    expect(before.hits.map((h) => h.id)).toEqual(['p2']);

    const file = path.join(dir, 'later.jsonl');
    fs.writeFileSync(file, `${record('p5', 'Galaxies observed later', 'Newer rotation curves of galaxies.', { year: 2026, date: '2026-09-01' })}\n`);
    await importJsonLines(handle.db, file, paperFromCorpusRecord);
    const after = await searchLocal(handle.db, { query: 'retrieval rotation galaxies', yearFrom: 2026, sort: 'newest' });
    expect(after.hits.map((h) => h.id)).toEqual(['p5', 'p2']);
    expect((await searchLocal(handle.db, { query: 'rotation galaxies', yearFrom: 2026 })).total).toBe(2);
  });

  it('answers nothing for a query with no indexed word', async () => {
    expect(await searchLocal(handle.db, { query: 'the of and' })).toEqual({ hits: [], total: 0 });
    expect(await searchLocal(handle.db, { query: 'zzzzqqqq' })).toEqual({ hits: [], total: 0 });
  });

  it('needs most words of a Chinese query, so a query of unrelated words finds nothing', async () => {
    const file = path.join(dir, 'quantum.jsonl');
    const zh3 = {
      id: 'zh3',
      title: '量子纠缠的实验观测',
      abstract: '我们在实验中观测了量子纠缠现象，并讨论其学术意义。',
      authors: [],
      year: null,
      language: 'zh',
      source: 'csl',
    };
    fs.writeFileSync(file, `${JSON.stringify(zh3)}\n`);
    await importJsonLines(handle.db, file, paperFromCorpusRecord);
    expect((await searchLocal(handle.db, { query: '量子纠缠' })).hits.map((h) => h.id)).toEqual(['zh3']);
    // 量子 and 纠缠 are two of the four words 量子 纠缠 猫咪 烘焙 (学 alone never counts): three are needed.
    expect(await searchLocal(handle.db, { query: '量子纠缠猫咪烘焙学' })).toEqual({ hits: [], total: 0 });
    expect((await searchLocal(handle.db, { query: '量子纠缠猫咪烘焙学', chineseRules: false })).hits.map((h) => h.id)).toContain('zh3');
    expect((await searchLocal(handle.db, { query: '量子纠缠 实验观测' })).hits.map((h) => h.id)).toEqual(['zh3']);
    // English queries keep ranking by any word.
    expect((await searchLocal(handle.db, { query: 'galaxies zzzzqqqq' })).total).toBeGreaterThan(0);
  });
});

describe('index maintenance', () => {
  it('finds a replaced paper by its new words only, and papers whose refresh was skipped after the next refresh', async () => {
    const file = path.join(dir, 'replaced.jsonl');
    fs.writeFileSync(
      file,
      `${record('p1', 'Retrieval-augmented generation for bibliography auditing', 'We audit reference lists against bibliographic databases.')}\n`,
    );
    await importJsonLines(handle.db, file, paperFromCorpusRecord);
    expect((await searchLocal(handle.db, { query: 'auditing' })).hits.map((h) => h.id)).toEqual(['p1']);
    expect((await searchLocal(handle.db, { query: 'citation checking' })).hits.map((h) => h.id)).not.toContain('p1');

    // An import stopped before its statistics refresh (skipStatistics stands in for the interruption).
    const pending = path.join(dir, 'pending.jsonl');
    fs.writeFileSync(pending, `${record('p6', 'Stellar nucleosynthesis yields', 'Nucleosynthesis in massive stars.')}\n`);
    await importJsonLines(handle.db, pending, paperFromCorpusRecord, { skipStatistics: true });
    fs.writeFileSync(file, `${record('p7', 'Another later paper', 'Unrelated words.')}\n`);
    await importJsonLines(handle.db, file, paperFromCorpusRecord);
    expect((await searchLocal(handle.db, { query: 'nucleosynthesis' })).hits.map((h) => h.id)).toEqual(['p6']);
    const [dirty] = await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from scholar.dirty_terms`);
    expect(Number(dirty!.n)).toBe(0);
  });
});
