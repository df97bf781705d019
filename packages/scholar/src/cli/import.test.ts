// The import command end to end: several files of different formats, a missing one, the progress output and the
// summary on stderr.
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { importFiles } from './import';

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'import');

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
});
afterAll(async () => {
  await handle?.close();
  process.exitCode = 0;
});

async function run(args: string[], options: Parameters<typeof importFiles>[3] = {}) {
  const stderr = new PassThrough();
  let output = '';
  stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await importFiles(handle.db, args, stderr, options);
  return output;
}

describe('corpus:import', () => {
  it('imports every file it can, reports broken records and missing files, and sums up', async () => {
    const output = await run([path.join(FIXTURES, 'corpus.jsonl'), path.join(FIXTURES, 'third-party.bib'), path.join(FIXTURES, 'missing.ris')]);
    expect(output).toMatch(
      /corpus\.jsonl \(Citewise JSON Lines\): 2 papers in [\d.]+ s \(\d+\/s\), 2 broken records skipped:\n {2}line 2: not valid JSON\n {2}line 3: title: /,
    );
    expect(output).toMatch(
      /third-party\.bib \(BibTeX\): 4 papers .*, 2 broken records skipped:\n {2}line 38, entry 4 \(broken-brace\): syntax error: expected "rbrace", got EOF\n {2}line 43, entry 5 \(no-title\): item has no title\n/,
    );
    expect(output).toContain('missing.ris: no such file\n');
    // A first import rebuilds every term's blocks.
    expect(output).toMatch(/\nupdating the search index…\nsearch index updated in [\d.]+ s: [1-9]\d* terms rebuilt\n/);
    expect(output).toContain('imported 6 papers from 2 of 3 files; 4 broken records skipped; the local corpus now holds 6 papers\n');
    expect(process.exitCode).toBe(1);
  });

  it('rejects unknown formats and options before importing anything', async () => {
    await expect(run(['--format', 'endnote', 'x.enw'])).rejects.toThrow(
      /unknown format "endnote"\nusage: npm run corpus:import -- \[--format jsonl\|arxiv\|openalex\|bibtex\|ris\|csl-json\] FILE…/,
    );
    await expect(run(['--fast', 'x.bib'])).rejects.toThrow(/unknown option --fast/);
    await expect(run([])).rejects.toThrow(/import needs at least one FILE/);
  });

  it('takes --format to read a file whatever its name', async () => {
    const output = await run(['--format=ris', path.join(FIXTURES, 'third-party.ris')], { stillWorkingMs: 1 });
    expect(output).toMatch(/third-party\.ris \(RIS\): 2 papers/);
    // Into an indexed corpus only the new papers' terms are rebuilt. A long update says now and then that it still
    // runs, where the database works beside the import's thread: PGlite's statements hold that thread to the end.
    expect(output).toMatch(
      /\nupdating the search index…\n( {2}still updating the search index \(\d+ s\)\n)*search index updated in [\d.]+ s: \d+ changed terms rebuilt\n/,
    );
    if (handle.kind !== 'pglite') expect(output).toContain('  still updating the search index (');
  });
});
