// The `search` and `verify` commands in-process, on the sample corpus and, for online sources, a replay server
// named through the same environment variables a deployment sets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCorpusDatabase } from '../../test/local-corpus';
import { startReplayServer, type ReplayServer } from '../../test/replay-server';
import { searchLocal } from '../local/search';
import { search } from './search';
import { verify } from './verify';

let handle: DatabaseHandle;
let server: ReplayServer;
let dir: string;

beforeAll(async () => {
  handle = await createCorpusDatabase();
  server = await startReplayServer([
    { path: '/arxiv/query', query: { search_query: 'all:galaxy AND all:rotation AND all:curves' }, file: 'arxiv/search-all-testing-start0-max10.xml' },
    { path: '/arxiv/query', query: { id_list: '1605.08386' }, file: 'arxiv/id_list-1605.08386.xml' },
  ]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-cli-'));
});
afterAll(async () => {
  await server.close();
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

async function output(run: () => Promise<unknown>) {
  const chunks: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (chunks.push(String(chunk)), true));
  vi.spyOn(console, 'log').mockImplementation((...parts) => void chunks.push(`${parts.join(' ')}\n`));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await run();
  return chunks.join('');
}

describe('scholar search', () => {
  it('prints federated results as JSON with a status per source', async () => {
    vi.stubEnv('SCHOLAR_SOURCES', 'arxiv');
    vi.stubEnv('ARXIV_BASE_URL', `${server.url}/arxiv`);
    const json = JSON.parse(await output(() => search(handle.db, ['--json', '--limit', '5', 'galaxy', 'rotation', 'curves']))) as {
      total: number;
      sources: Array<{ source: string; state: string }>;
      results: Array<{ id: string; sources: string[] }>;
    };
    expect(json.sources.map((s) => [s.source, s.state])).toEqual([
      ['local', 'ok'],
      ['arxiv', 'ok'],
    ]);
    expect(json.results).toHaveLength(5);
    expect(json.results.some((r) => r.sources.includes('local'))).toBe(true);
    expect(json.results.some((r) => r.sources.includes('arxiv'))).toBe(true);
  });

  it('prints batch results with ids as imported, from the local corpus by default', async () => {
    const file = path.join(dir, 'queries.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ _id: 'q1', text: 'galaxy rotation curves' })}\n\n${JSON.stringify({ _id: 7, text: '水运工程管理' })}\n`);
    const lines = (await output(() => search(handle.db, ['--queries', file, '--limit', '3', '--translate', 'off'])))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { query_id: unknown; ids: string[] });
    const expected = await searchLocal(handle.db, { query: 'galaxy rotation curves', limit: 3 });
    expect(lines).toEqual([
      { query_id: 'q1', ids: expected.hits.map((h) => h.id) },
      { query_id: 7, ids: ['csl:dev-0002'] },
    ]);
  });

  it('searches a Chinese query in English too unless told not to, and says so in text and JSON', async () => {
    vi.stubEnv('SCHOLAR_SOURCES', 'local');
    type Answer = {
      translation: { from: string; to: string; searched: string[]; shown: unknown[] } | null;
      results: Array<{ id: string; title: string; language: string }>;
    };
    const json = JSON.parse(await output(() => search(handle.db, ['--json', '旋转曲线']))) as Answer;
    expect(json.translation).toMatchObject({
      from: 'zh',
      to: 'en',
      searched: ['rotation curve'],
      shown: [{ source: '旋转曲线', target: 'rotation curve', via: 'glossary' }],
    });
    expect(json.results[0]!.title).toMatch(/rotation curves/i);
    const off = JSON.parse(await output(() => search(handle.db, ['--json', '--translate', 'off', '旋转曲线']))) as Answer;
    expect(off.translation).toBeNull();
    expect(off.results.some((r) => /rotation curves/i.test(r.title))).toBe(false);
    const chinese = JSON.parse(await output(() => search(handle.db, ['--json', '--language', 'zh', '旋转曲线']))) as Answer;
    expect(chinese.results.every((r) => r.language === 'zh')).toBe(true);
    expect(await output(() => search(handle.db, ['旋转曲线']))).toMatch(/^Also searched in English: 旋转曲线 → rotation curve \(glossary\)\n/);
    await expect(search(handle.db, ['--translate', 'maybe', 'x'])).rejects.toThrow('--translate must be auto or off');
    await expect(search(handle.db, ['--language', 'fr', 'x'])).rejects.toThrow('--language must be en or zh');
  });

  it('refuses bad options and bad query files clearly', async () => {
    await expect(search(handle.db, ['--sources', 'local,google', 'x'])).rejects.toThrow('unknown source google');
    await expect(search(handle.db, ['--limit', 'ten', 'x'])).rejects.toThrow('--limit must be a whole number');
    await expect(search(handle.db, ['--limit', '500', 'x'])).rejects.toThrow(/limit/);
    await expect(search(handle.db, [])).rejects.toThrow('search needs a QUERY');
    vi.stubEnv('SCHOLAR_SOURCES', 'openalex,nowhere');
    await expect(search(handle.db, ['x'])).rejects.toThrow('SCHOLAR_SOURCES names unknown sources: nowhere');
    vi.unstubAllEnvs();
    const file = path.join(dir, 'broken.jsonl');
    fs.writeFileSync(file, '{"_id":"q1","text":"galaxy"}\n{"_id": 2\n');
    await expect(output(() => search(handle.db, ['--queries', file]))).rejects.toThrow(`${file}:2: not valid JSON`);
  });
});

describe('scholar verify', () => {
  it('verifies, reports differences and sets the exit status', async () => {
    vi.stubEnv('SCHOLAR_SOURCES', 'arxiv');
    vi.stubEnv('ARXIV_BASE_URL', `${server.url}/arxiv`);
    expect(await output(() => verify(handle.db, ['arXiv:1605.08386']))).toMatch(
      /^verified: Heat-bath random walks with Markov bases — Caprice Stanley, Tobias Windisch \(2016\) \[arXiv:1605\.08386\] \{arxiv\}/,
    );
    expect(process.exitCode).toBe(0);
    const text = await output(() =>
      verify(handle.db, ['Gupta, R. P. (2024). Testing CCC+TL Cosmology with Galaxy Rotation Curves. arXiv preprint.', '--sources', 'local']),
    );
    expect(text).toContain('year: reference has 2024, the work has 2025 (similarity 0.9)');
    expect(process.exitCode).toBe(3);
    const json = JSON.parse(
      await output(() => verify(handle.db, ['--json', '--sources', 'local', 'Doe, J. (2020). An invented study of nothing at all.'])),
    ) as { status: string };
    expect(json.status).toBe('unchecked');
    expect(process.exitCode).toBe(5);
    expect(await output(() => verify(handle.db, ['--sources', 'local', 'Doe, J. (2020). An invented study of nothing at all.']))).toMatch(
      /^could not be checked: no broad index/,
    );
    await expect(verify(handle.db, [])).rejects.toThrow('verify needs a REFERENCE');
  });
});
