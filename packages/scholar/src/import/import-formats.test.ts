// `corpus:import` for every format: good records land in the local corpus, broken ones are reported where they
// start and skipped, gzip is read, formats are recognised, and importing twice changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createTestDatabase } from '@citewise/db/testing';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { importFile, type ImportProgress } from './import-file';
import { detectFormat } from './formats';

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'import');
const fixture = (name: string) => path.join(FIXTURES, name);

let handle: DatabaseHandle;
let tmp: string;

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-import-'));
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const row = async (id: string) =>
  (
    await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source from scholar.papers where id = ${id}`,
    )
  )[0];
const count = async () => Number((await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from scholar.papers`))[0]!.n);

describe('corpus import', () => {
  it('imports the arXiv metadata snapshot', async () => {
    const report = await importFile(handle.db, fixture('arxiv-metadata-oai-snapshot.json'));
    expect(report.format).toBe('arxiv');
    expect(report.imported).toBe(4);
    expect(report.failures).toEqual([
      { line: 3, reason: 'not valid JSON' },
      { line: 5, reason: 'title: Too small: expected string to have >=1 characters' },
    ]);
    expect(await row('arXiv:0704.0001')).toMatchObject({
      title: 'Calculation of prompt diphoton production cross sections at Tevatron and LHC energies',
      authors: [
        { family: 'Balázs', given: 'C.' },
        { family: 'Berger', given: 'E. L.' },
        { family: 'Nadolsky', given: 'P. M.' },
        { family: 'Yuan', given: 'C. -P.' },
      ],
      year: 2007,
      month: 4,
      day: 2,
      doi: '10.1103/physrevd.76.013009',
      arxiv_id: '0704.0001',
      fields: ['hep-ph'],
      type: 'article',
      source: 'arxiv',
    });
    // Paragraphs (a two-space indent in the snapshot) stay apart; wrapped lines are joined.
    expect((await row('arXiv:1706.03762'))!.abstract).toBe(
      'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks in an encoder-decoder configuration.\nWe propose a new simple network architecture, the Transformer, based solely on attention mechanisms.',
    );
    expect(await row('arXiv:hep-th/9711200')).toMatchObject({ url: 'https://arxiv.org/abs/hep-th/9711200', year: 1997 });
    expect((await row('arXiv:2501.00002'))!.authors).toEqual([
      { given: 'José', family: 'García' },
      { given: 'Björn', family: 'Müller' },
    ]);
  });

  it('imports OpenAlex works, rebuilding abstracts from the inverted index', async () => {
    const report = await importFile(handle.db, fixture('openalex-works.jsonl'));
    expect(report.format).toBe('openalex');
    expect(report.imported).toBe(3);
    expect(report.failures).toEqual([
      { line: 3, reason: 'not valid JSON' },
      { line: 4, reason: 'work has no title' },
      { line: 5, reason: 'id is not an OpenAlex work id' },
    ]);
    expect(await row('doi:10.7717/peerj.4375')).toMatchObject({
      container: 'PeerJ',
      pmid: '29456894',
      year: 2018,
      month: 2,
      day: 13,
      type: 'article-journal',
      language: 'en',
      fields: ['Decision Sciences', 'Statistics, Probability and Uncertainty'],
      keywords: ['Citation', 'Open science'],
      abstract: expect.stringMatching(/^Despite growing interest in Open Access \(OA\) to scholarly literature, .* for 67 million articles\.$/),
    });
    expect((await row('doi:10.7717/peerj.4375'))!.authors).toHaveLength(9);
    expect(await row('openalex:W4390000001')).toMatchObject({
      title: '基于语义表示的中文学术文献检索',
      authors: [{ literal: '张伟' }, { literal: '李娜' }],
      year: 2023,
      language: 'zh',
    });
    // The arXiv preprint lands on the id the corpus uses for it.
    expect(await row('arXiv:1706.03762')).toMatchObject({ source: 'openalex', type: 'article', container: 'arXiv (Cornell University)' });
  });

  it('imports BibTeX, RIS and CSL-JSON, reporting entries with their keys', async () => {
    const bib = await importFile(handle.db, fixture('third-party.bib'));
    expect(bib).toMatchObject({ format: 'bibtex', imported: 4 });
    expect(bib.failures).toEqual([
      { line: 38, entry: 4, key: 'broken-brace', reason: 'syntax error: expected "rbrace", got EOF' },
      { line: 43, entry: 5, key: 'no-title', reason: 'item has no title' },
    ]);
    const ris = await importFile(handle.db, fixture('third-party.ris'));
    expect(ris).toMatchObject({
      format: 'ris',
      imported: 2,
      failures: [
        { line: 18, entry: 2 },
        { line: 29, entry: 4 },
      ],
    });
    const csl = await importFile(handle.db, fixture('third-party.json'));
    expect(csl).toMatchObject({ format: 'csl-json', imported: 2 });
    expect(csl.failures.map((f) => [f.line, f.key])).toEqual([
      [14, 'missing-comma'],
      [19, 'no-title'],
      [23, 'unclosed'],
      [33, undefined],
    ]);
    expect(await row('bibtex:mueller2020')).toMatchObject({ title: 'In vivo effects of CRISPR screening', container: 'Nature Methods', source: 'bibtex' });
    expect(await row('conf-1')).toMatchObject({ title: '面向学术检索的会议论文', type: 'paper-conference', source: 'ris' });
  });

  it('reads gzip, forces a format with --format, and is idempotent', async () => {
    const gz = path.join(tmp, 'corpus.data.gz');
    fs.writeFileSync(gz, gzipSync(fs.readFileSync(fixture('corpus.jsonl'))));
    const progress: ImportProgress[] = [];
    const first = await importFile(handle.db, gz, { format: 'jsonl', batchSize: 1, onProgress: (p) => progress.push(p) });
    expect(first).toMatchObject({ format: 'jsonl', imported: 2 });
    expect(first.failures).toEqual([
      { line: 2, reason: 'not valid JSON' },
      { line: 3, reason: 'title: Invalid input: expected string, received undefined' },
    ]);
    expect(progress.at(-1)).toMatchObject({ imported: 2, failed: 2, bytesRead: fs.statSync(gz).size, totalBytes: fs.statSync(gz).size });
    const before = await count();
    const again = await importFile(handle.db, gz, { format: 'jsonl' });
    expect(again.imported).toBe(2);
    expect(await count()).toBe(before);
    expect(await row('csl:dev-0001')).toMatchObject({ title: '水运工程施工项目全过程管理', keywords: ['水运工程', '全过程管理'] });
  });

  it('reads a file that starts with a byte order mark', async () => {
    const file = path.join(tmp, 'bom.jsonl');
    fs.writeFileSync(file, `\uFEFF${JSON.stringify({ id: 'bom-1', title: 'Saved by a Windows editor', authors: [] })}\n`);
    expect(await importFile(handle.db, file)).toMatchObject({ format: 'jsonl', imported: 1, failures: [] });
  });

  it('keeps the rest of a batch when the database refuses one record', async () => {
    const file = path.join(tmp, 'nul.jsonl');
    const good = { id: 'nul-ok', title: 'A fine record', authors: [], source: 'test' };
    const bad = { id: 'nul-bad', title: 'A title with a NUL \u0000 character', authors: [], source: 'test' };
    fs.writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify(bad)}\n`);
    const report = await importFile(handle.db, file);
    expect(report.imported).toBe(1);
    expect(report.failures).toEqual([{ line: 2, reason: expect.stringMatching(/^the database refused it: /) }]);
    expect(await row('nul-ok')).toBeDefined();
  });
});

describe('format detection', () => {
  it('goes by extension, then by content', () => {
    expect(detectFormat('refs.bib.gz', '')).toBe('bibtex');
    expect(detectFormat('export.txt', 'TY  - JOUR\nTI  - x\n')).toBe('ris');
    expect(detectFormat('items.json', '[\n  {"id": "a"}\n]')).toBe('csl-json');
    expect(detectFormat('lines.jsonl', '{"id":"x","type":"book","title":"t","author":[]}\n')).toBe('csl-json');
    expect(detectFormat('papers.jsonl.gz', '{"id":"arXiv:1","title":"t","authors":[]}\n')).toBe('jsonl');
    expect(() => detectFormat('notes.txt', 'just some text')).toThrow(/cannot tell the format of notes.txt: use --format/);
  });
});
