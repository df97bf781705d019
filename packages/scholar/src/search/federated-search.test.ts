// Federated search over the real local corpus (PGlite, or PostgreSQL with TEST_DATABASE_URL) and real online
// adapters pointed at replay servers: merge across sources, one ranking, filters, sort, paging, and a status per
// source when one fails, hangs, is rate limited or is switched off.
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpusDatabase } from '../../test/local-corpus';
import { fixture, startReplayServer, type ReplayServer } from '../../test/replay-server';
import { searchLocal } from '../local/search';
import { createArxivSource } from '../sources/arxiv';
import { parseArxivFeed } from '../sources/arxiv/parse-feed';
import { createCrossrefSource } from '../sources/crossref';
import { createLocalSource } from '../sources/local';
import { createOpenAlexSource } from '../sources/openalex';
import { paperFromOpenAlexWork } from '../sources/openalex/map-work';
import { sourceRegistry, type SourceRegistry } from '../sources/registry';
import { createSemanticScholarSource } from '../sources/semanticscholar';
import { searchFederated } from './federated-search';
import { InvalidInputError } from './invalid-input';

let handle: DatabaseHandle;
let server: ReplayServer;
let registry: SourceRegistry;
const fast = { limit: 1000, interval: 1000 };
// Long enough that a replayed answer always beats it on a loaded machine; only the hanging source waits it out.
const SOURCE_TIMEOUT_MS = 4000;
const TESTING = 'arxiv/search-all-testing-start0-max10.xml';
const WORK = 'openalex/work-W2741809807.2026.json';

beforeAll(async () => {
  // Two works "imported" into the local corpus from recorded provider answers, so that sources overlap:
  // arXiv's second hit for "testing", and the OpenAlex work.
  const fromArxiv = parseArxivFeed(fixture(TESTING)).papers[1]!;
  const fromOpenAlex = paperFromOpenAlexWork(JSON.parse(fixture(WORK)))!;
  handle = await createCorpusDatabase([
    { ...fromArxiv, source: 'arxiv' },
    { ...fromOpenAlex, id: 'openalex:W2741809807' },
  ]);
  const work = JSON.parse(fixture(WORK)) as object;
  server = await startReplayServer([
    { path: '/arxiv/query', query: { search_query: 'all:testing', start: '0' }, file: TESTING },
    // The unfiltered recording, answered to the filtered query too: federated search must filter by itself.
    { path: '/arxiv/query', query: { search_query: 'all:testing AND submittedDate:[202301010000 TO 999912312359]' }, file: TESTING },
    { path: '/arxiv/query', query: { search_query: 'all:testing AND cat:astro-ph.GA' }, file: TESTING },
    { path: '/arxiv/query', query: { search_query: 'all:testing AND cat:cs.SE' }, file: TESTING },
    { path: '/arxiv/query', query: { search_query: 'all:open AND all:access' }, file: 'arxiv/id_list-0000.0000-empty.xml' },
    // OpenAlex list envelope constructed around the recorded work (no list response was recorded).
    {
      path: '/openalex/works',
      query: { search: 'open access' },
      body: JSON.stringify({ meta: { count: 1, page: 1, per_page: 25 }, results: [{ ...work, relevance_score: 512.5 }], group_by: [] }),
    },
    { path: '/openalex/works', query: { search: 'testing' }, hang: true },
    { path: '/crossref/works', query: { query: 'testing' }, status: 500, body: '{"status":"error","message":"Internal Server Error"}' },
    { path: '/crossref/works', query: { query: 'open access' }, body: '{"status":"ok","message":{"total-results":0,"items":[]}}' },
    { path: '/s2/graph/v1/paper/search', status: 429, headers: { 'retry-after': '30' }, body: '{"message":"Too Many Requests"}' },
  ]);
  registry = sourceRegistry(
    [
      createLocalSource(handle.db),
      createOpenAlexSource({ baseUrl: `${server.url}/openalex`, rateLimit: fast }),
      createArxivSource({ baseUrl: `${server.url}/arxiv`, rateLimit: fast }),
      createCrossrefSource({ baseUrl: `${server.url}/crossref`, rateLimit: fast }),
      createSemanticScholarSource({ baseUrl: `${server.url}/s2`, rateLimit: fast }),
    ],
    SOURCE_TIMEOUT_MS,
  );
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

const ids = (result: { results: Array<{ paper: { id: string } }> }) => result.results.map((r) => r.paper.id);

describe('federated search', () => {
  it('answers the sources that worked and a status for each that did not', async () => {
    const result = await searchFederated(registry, {
      query: 'testing',
      limit: 10,
      sources: ['local', 'openalex', 'arxiv', 'crossref', 'semanticscholar', 'pubmed'],
    });
    const status = Object.fromEntries(result.sources.map((s) => [s.source, s]));
    expect(status.local).toMatchObject({ state: 'ok', returned: 2, total: 2 });
    expect(status.arxiv).toMatchObject({ state: 'ok', returned: 10, total: 214881 });
    expect(status.openalex).toMatchObject({ state: 'timeout', message: `OpenAlex did not answer within ${SOURCE_TIMEOUT_MS} ms` });
    expect(status.crossref).toMatchObject({ state: 'error', code: 'unavailable', status: 500 });
    expect(status.semanticscholar).toMatchObject({ state: 'error', code: 'rate_limited', retryAfterSeconds: 30 });
    expect(status.pubmed).toMatchObject({ state: 'disabled', message: expect.stringContaining('SCHOLAR_SOURCES') });
    expect(result.total).toBe(11);
  });

  it('merges a work found by two sources and ranks it first, keeping the local id', async () => {
    const result = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'] });
    const [top, second] = result.results;
    expect(top).toMatchObject({ paper: { id: 'arXiv:2405.13786' }, sources: ['local', 'arxiv'], ranks: { arxiv: 2 } });
    // arXiv's own first hit comes next: one source's rank 1 weighs less than two sources' agreement.
    expect(second).toMatchObject({ paper: { arxivId: '2202.12139' }, sources: ['arxiv'], ranks: { arxiv: 1 } });
    expect(result.results.filter((r) => r.paper.arxivId === '2405.13786')).toHaveLength(1);
    expect(top!.score).toBeGreaterThan(second!.score);
  });

  it('merges by DOI across the local corpus and OpenAlex, keeping the richest fields', async () => {
    const result = await searchFederated(registry, { query: 'open access', sources: ['local', 'openalex', 'crossref', 'arxiv'] });
    expect(result.results).toHaveLength(1);
    expect(result.results[0]).toMatchObject({
      sources: ['local', 'openalex'],
      paper: { id: 'openalex:W2741809807', doi: '10.7717/peerj.4375', container: 'PeerJ' },
    });
    expect(result.sources.map((s) => s.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('keeps the local BM25 order when only the local corpus is asked', async () => {
    const query = 'galaxy rotation curves dark matter';
    const local = await searchLocal(handle.db, { query, limit: 10 });
    const result = await searchFederated(registry, { query, sources: ['local'], translate: 'off' });
    expect(result.translation).toBeNull();
    expect(local.hits.length).toBeGreaterThan(1);
    expect(ids(result)).toEqual(local.hits.map((h) => h.id));
    expect(result.results[0]!.score).toBeGreaterThan(result.results[1]!.score);
  });

  it('pages through one ranking', async () => {
    const all = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], limit: 10 });
    const page = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], limit: 5, offset: 5 });
    expect(ids(page)).toEqual(ids(all).slice(5, 10));
    expect([page.offset, page.limit, page.total]).toEqual([5, 5, all.total]);
  });

  it('filters by year, source, field and abstract, and sorts by date', async () => {
    const recent = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], filters: { yearFrom: 2023 } });
    expect(recent.results.length).toBeGreaterThan(0);
    expect(recent.results.every((r) => r.paper.issued!.year >= 2023)).toBe(true);
    const localOnly = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], filters: { sources: ['local'] } });
    expect(localOnly.results.every((r) => r.sources.includes('local'))).toBe(true);
    expect(localOnly.total).toBe(2);
    const astro = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], filters: { fields: ['astro-ph.GA'] } });
    expect(ids(astro)).toEqual(['arXiv:2509.11896']);
    const se = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], filters: { fields: ['cs.SE'], hasAbstract: true } });
    expect(se.results.length).toBeGreaterThan(1);
    expect(se.results.every((r) => r.paper.fields.includes('cs.SE'))).toBe(true);
    const newest = await searchFederated(registry, { query: 'testing', sources: ['local', 'arxiv'], sort: 'newest' });
    const dates = newest.results.map((r) => r.paper.issued!.year * 10000 + (r.paper.issued!.month ?? 0) * 100 + (r.paper.issued!.day ?? 0));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(server.requests.at(-1)!.query.get('sortBy')).toBe('submittedDate');
  });

  it('cancels every source when the caller aborts', async () => {
    const controller = new AbortController();
    const before = server.requests.filter((r) => r.abandoned).length;
    const pending = searchFederated(registry, { query: 'testing', sources: ['openalex', 'arxiv'], timeoutMs: 60_000 }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort(new Error('the reader closed the page'));
    await expect(pending).rejects.toThrow('the reader closed the page');
    await server.abandoned(before + 1);
  });

  it('refuses bad input with the problems listed', async () => {
    await expect(searchFederated(registry, { query: '   ' })).rejects.toThrow(InvalidInputError);
    await expect(searchFederated(registry, { query: 'x', limit: 100, offset: 150 })).rejects.toThrow(/offset \+ limit must not exceed 200/);
    await expect(searchFederated(registry, { query: 'x', sources: ['google' as never] })).rejects.toThrow(/sources/);
    await expect(searchFederated(registry, { query: 'x', filters: { yearFrom: 2022, yearTo: 2020 } })).rejects.toThrow(/yearFrom must not be after yearTo/);
  });
});
