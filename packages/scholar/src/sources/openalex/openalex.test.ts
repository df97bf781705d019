// The OpenAlex adapter against a local server replaying recorded works (test/fixtures/openalex), error answers
// included. OpenAlex list responses were never recorded verbatim (see SOURCE.md): the search envelope below is
// constructed from the recorded work, in the shape OpenAlex documents ({meta, results, group_by}, plus
// `relevance_score` on each work when `search=` is used).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startReplayServer, type ReplayServer } from '../../../test/replay-server';
import { SourceError } from '../source-error';
import type { Source } from '../source';
import { createOpenAlexSource } from './index';
import { abstractFromInvertedIndex } from './map-work';

const WORK_2026 = 'openalex/work-W2741809807.2026.json';
const WORK_2025 = 'openalex/work-W2741809807.2025-06.json';
const envelope = (works: unknown[], count: number) =>
  JSON.stringify({ meta: { count, db_response_time_ms: 31, page: 1, per_page: 25, groups_count: null }, results: works, group_by: [] });

let server: ReplayServer;
let source: Source;
const signal = () => AbortSignal.timeout(5000);

beforeAll(async () => {
  const work = JSON.parse(fixture(WORK_2026)) as Record<string, unknown>;
  server = await startReplayServer([
    { path: '/works/W2741809807', file: WORK_2026 },
    // OpenAlex answers a work at its DOI and PMID paths as at its id (recorded at /works/W2741809807).
    { path: '/works/doi:10.7717/peerj.4375', file: WORK_2026 },
    { path: '/works/pmid:29456894', file: WORK_2025 },
    { path: '/works/doi:10.1234/invented', status: 404, body: '{"error":"NotFoundError","message":"Work not found"}' },
    { path: '/works', query: { search: 'open access prevalence' }, body: envelope([{ ...work, relevance_score: 1843.2 }], 1) },
    { path: '/works', query: { search: 'nothing here' }, body: envelope([], 0) },
    {
      path: '/works',
      query: { search: 'throttled' },
      status: 429,
      headers: { 'retry-after': '7' },
      body: '{"error":"Rate limit exceeded","message":"Too many requests"}',
    },
    { path: '/works', query: { search: 'server down' }, status: 500, body: '{"error":"Internal Server Error"}' },
    {
      path: '/works',
      query: { search: 'bad filter' },
      status: 400,
      body: '{"error":"Invalid query parameters error.","message":"Unknown filter field: author_name"}',
    },
    { path: '/works', query: { search: 'truncated' }, body: fixture(WORK_2026).slice(0, 400) },
    { path: '/works', query: { search: 'wrong shape' }, body: '{"meta":{"count":3}}' },
    { path: '/works', query: { search: 'hang' }, hang: true },
  ]);
  source = createOpenAlexSource({ baseUrl: server.url, email: 'team@citewise.test', apiKey: 'test-key' });
});
afterAll(() => server.close());

describe('OpenAlex work → Paper', () => {
  it('maps the 2026 capture: authors, date, container, ids, rebuilt abstract, topics, keywords', async () => {
    const paper = await source.lookup({ kind: 'doi', value: '10.7717/peerj.4375' }, signal());
    expect(paper).toMatchObject({
      id: 'doi:10.7717/peerj.4375',
      title: 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
      issued: { year: 2018, month: 2, day: 13 },
      container: 'PeerJ',
      doi: '10.7717/peerj.4375',
      pmid: '29456894',
      arxivId: null,
      language: 'en',
      source: 'openalex',
      url: 'https://doi.org/10.7717/peerj.4375',
      // What the 2026 API said for this PeerJ article (SOURCE.md): kept, mapped to CSL.
      type: 'chapter',
      // Every recorded location is open access but none names a PDF file: a landing page is not offered as one.
      citationCount: 1149,
      openAccessPdf: null,
    });
    expect(paper!.authors.slice(0, 3)).toEqual([
      { given: 'Heather', family: 'Piwowar' },
      { given: 'Jason', family: 'Priem' },
      { given: 'Vincent', family: 'Larivière' },
    ]);
    expect(paper!.authors).toHaveLength(9);
    expect(paper!.abstract).toMatch(/^Despite growing interest in Open Access \(OA\) to scholarly literature, there is/);
    expect(paper!.abstract!.split(' ')).toHaveLength(258);
    expect(paper!.fields).toEqual([
      'Decision Sciences',
      'Statistics, Probability and Uncertainty',
      'Information Systems and Management',
      'Computer Science',
      'Information Systems',
    ]);
    expect(paper!.keywords).toContain('Citation');
    const [request] = server.requests.slice(-1);
    expect(request!.query.get('mailto')).toBe('team@citewise.test');
    expect(request!.query.get('api_key')).toBe('test-key');
    expect(request!.headers['user-agent']).toContain('mailto:team@citewise.test');
  });

  it('maps the 2025 capture of the same work despite the schema drift', async () => {
    const paper = await source.lookup({ kind: 'pmid', value: '29456894' }, signal());
    expect(paper).toMatchObject({ id: 'doi:10.7717/peerj.4375', type: 'article-journal', container: 'PeerJ', issued: { year: 2018, month: 2, day: 13 } });
    expect(paper!.abstract).toMatch(/^Despite growing interest/);
  });

  it('rebuilds abstracts from inverted indexes and ignores corrupt positions', () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2], bad: [-1, 1e9, 'x'] })).toBe('hello world hello');
    expect(abstractFromInvertedIndex(null)).toBeNull();
    expect(abstractFromInvertedIndex({})).toBeNull();
  });
});

describe('OpenAlex search and lookup', () => {
  it('searches with filters, sort and paging, and reports the total and relevance scores', async () => {
    const page = await source.search(
      { query: 'open access prevalence', limit: 10, offset: 0, yearFrom: 2015, yearTo: 2020, hasAbstract: true, sort: 'newest' },
      signal(),
    );
    expect(page.total).toBe(1);
    expect(page.hits).toHaveLength(1);
    expect(page.hits[0]!.score).toBe(1843.2);
    expect(page.hits[0]!.paper.doi).toBe('10.7717/peerj.4375');
    const query = server.requests.at(-1)!.query;
    expect(query.get('filter')).toBe('from_publication_date:2015-01-01,to_publication_date:2020-12-31,has_abstract:true');
    expect(query.get('sort')).toBe('publication_date:desc');
    expect([query.get('page'), query.get('per-page')]).toEqual(['1', '10']);
    expect(await source.search({ query: 'nothing here', limit: 5, offset: 5 }, signal())).toEqual({ hits: [], total: 0 });
    expect([server.requests.at(-1)!.query.get('page'), server.requests.at(-1)!.query.get('per-page')]).toEqual(['2', '5']);
  });

  it('answers null for an unknown DOI and finds papers by title', async () => {
    expect(await source.lookup({ kind: 'doi', value: '10.1234/invented' }, signal())).toBeNull();
    const found = await source.findByTitle({ title: 'open access prevalence' }, signal());
    expect(found.map((p) => p.doi)).toEqual(['10.7717/peerj.4375']);
  });

  it('turns error answers into per-source errors', async () => {
    const error = (query: string) =>
      source.search({ query, limit: 5, offset: 0 }, signal()).then(
        () => null,
        (e: unknown) => e as SourceError,
      );
    expect(await error('server down')).toMatchObject({ code: 'unavailable', status: 500, source: 'openalex' });
    expect(await error('bad filter')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Unknown filter field') });
    expect(await error('truncated')).toMatchObject({ code: 'malformed_response' });
    expect(await error('wrong shape')).toMatchObject({ code: 'malformed_response' });
    expect(await error('throttled')).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
    // Until the Retry-After has passed, the next call does not go out.
    const count = server.requests.length;
    expect(await error('open access prevalence')).toMatchObject({ code: 'rate_limited' });
    expect(server.requests.length).toBe(count);
  });

  it('stops waiting for a hanging response when the signal aborts', async () => {
    const fresh = createOpenAlexSource({ baseUrl: server.url });
    const controller = new AbortController();
    const pending = fresh.search({ query: 'hang', limit: 5, offset: 0 }, controller.signal).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('cancelled by the user'));
    expect(((await pending) as Error).message).toBe('cancelled by the user');
    await server.abandoned();
  });
});
