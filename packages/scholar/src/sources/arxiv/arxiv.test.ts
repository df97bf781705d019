// The arXiv adapter against a local server replaying recorded Atom feeds (test/fixtures/arxiv), current and
// pre-2025 formats, error feeds included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startReplayServer, type ReplayServer } from '../../../test/replay-server';
import type { Source } from '../source';
import type { SourceError } from '../source-error';
import { searchQuery, termsQuery, titleQuery } from './build-query';
import { createArxivSource } from './index';
import { repairMojibake } from './parse-feed';

let server: ReplayServer;
let source: Source;
const signal = () => AbortSignal.timeout(5000);

beforeAll(async () => {
  server = await startReplayServer([
    { path: '/api/query', query: { search_query: 'all:testing', start: '0' }, file: 'arxiv/search-all-testing-start0-max10.xml' },
    { path: '/api/query', query: { search_query: 'all:testing', start: '10' }, file: 'arxiv/search-all-testing-start10-max10.xml' },
    { path: '/api/query', query: { id_list: '1605.08386' }, file: 'arxiv/id_list-1605.08386.xml' },
    // Recorded for the versioned id 2104.12255v1; lookups ask for the versionless id and get the same entry.
    { path: '/api/query', query: { id_list: '2104.12255' }, file: 'arxiv/id_list-2104.12255v1.xml' },
    { path: '/api/query', query: { id_list: 'astro-ph/0601001' }, file: 'arxiv/id_list-astro-ph_0601001.xml' },
    { path: '/api/query', query: { id_list: '0000.0000' }, file: 'arxiv/id_list-0000.0000-empty.xml' },
    { path: '/api/query', query: { id_list: '1111.2011' }, file: 'arxiv/legacy-id_list-1111.2011v2.xml' },
    { path: '/api/query', query: { search_query: 'au:del_maestro AND ti:checkerboard' }, file: 'arxiv/legacy-search-au_del_maestro-AND-ti_checkerboard.xml' },
    // arXiv's real error feed (recorded for id_list=abc, HTTP 400), answered here to a query the test sends;
    // older arXiv versions sent the same feed with HTTP 200.
    { path: '/api/query', query: { search_query: 'all:malformed400' }, status: 400, file: 'arxiv/id_list-abc-error-400.xml' },
    { path: '/api/query', query: { search_query: 'all:malformed200' }, file: 'arxiv/id_list-abc-error-400.xml' },
    { path: '/api/query', query: { search_query: 'all:busy' }, status: 503, headers: { 'retry-after': '3' }, body: 'Service Unavailable' },
    { path: '/api/query', query: { search_query: 'all:truncated' }, body: fixture('arxiv/id_list-1605.08386.xml').slice(0, 900) },
    { path: '/api/query', query: { search_query: 'all:html' }, body: '<html><body><p>Maintenance</p></body></html>' },
    { path: '/api/query', query: { search_query: 'all:hang' }, hang: true },
  ]);
  source = createArxivSource({ baseUrl: `${server.url}/api`, rateLimit: { limit: 100, interval: 1000 } });
});
afterAll(() => server.close());

describe('arXiv Atom → Paper', () => {
  it('maps an entry: versionless id, authors, date, categories, abstract', async () => {
    const paper = await source.lookup({ kind: 'arxiv', value: '1605.08386' }, signal());
    expect(paper).toMatchObject({
      id: 'arXiv:1605.08386',
      arxivId: '1605.08386',
      title: 'Heat-bath random walks with Markov bases',
      container: 'arXiv',
      type: 'article',
      issued: { year: 2016, month: 5, day: 26 },
      fields: ['math.CO', 'math.ST'],
      url: 'https://arxiv.org/abs/1605.08386',
      language: 'en',
      source: 'arxiv',
      authors: [
        { given: 'Caprice', family: 'Stanley' },
        { given: 'Tobias', family: 'Windisch' },
      ],
    });
    expect(paper!.abstract).toMatch(/^Graphs on lattice points are studied/);
    expect(await source.lookup({ kind: 'arxiv', value: '2104.12255' }, signal())).toMatchObject({ arxivId: '2104.12255' });
  });

  it('reads old-style ids, the pre-2025 feed format and journal DOIs', async () => {
    const old = await source.lookup({ kind: 'arxiv', value: 'astro-ph/0601001' }, signal());
    expect(old).toMatchObject({ id: 'arXiv:astro-ph/0601001', arxivId: 'astro-ph/0601001', fields: ['astro-ph'], issued: { year: 2006, month: 1, day: 2 } });
    expect(old!.authors[2]).toEqual({ given: 'B. Scott', family: 'Gaudi' });
    const legacy = await source.lookup({ kind: 'arxiv', value: '1111.2011' }, signal());
    expect(legacy!.title).toBe('Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit');
    expect(legacy!.abstract).toMatch(/^Theoretical description of anisotropic systems/);
    expect(legacy!.abstract).not.toMatch(/\n/);
    expect(await source.lookup({ kind: 'arxiv', value: '0000.0000' }, signal())).toBeNull();
    expect(await source.lookup({ kind: 'doi', value: '10.1/x' }, signal())).toBeNull();
  });

  it("searches and pages with the total, keeping arXiv's order and the journal DOIs", async () => {
    const first = await source.search({ query: 'testing', limit: 10, offset: 0 }, signal());
    expect(first.total).toBe(214881);
    expect(first.hits).toHaveLength(10);
    expect(first.hits[0]!.paper).toMatchObject({ arxivId: '2202.12139', doi: '10.1109/icstw55395.2022.00035' });
    const second = await source.search({ query: 'testing', limit: 10, offset: 10 }, signal());
    expect(second.hits).toHaveLength(10);
    expect(second.hits.map((h) => h.paper.id)).not.toContain(first.hits[0]!.paper.id);
    const names = first.hits.flatMap((h) => h.paper.authors.map((a) => a.family));
    // The recording has UTF-8 read as Latin-1 ("RamÃ­rez"): repaired.
    expect(names).toContain('Ramírez');
    expect(server.requests.at(-1)!.query.get('sortBy')).toBe('relevance');
  });

  it('finds a paper by title and first author', async () => {
    const found = await source.findByTitle({ title: 'checkerboard', authors: ['Del Maestro'] }, signal());
    expect(found.map((p) => p.arxivId)).toEqual(['cond-mat/0603029']);
  });

  it('turns error feeds, 5xx, broken XML and hanging responses into per-source errors', async () => {
    const error = (query: string, s = source) =>
      s.search({ query, limit: 5, offset: 0 }, signal()).then(
        () => null,
        (e: unknown) => e as SourceError,
      );
    expect(await error('malformed400')).toMatchObject({ code: 'bad_request', status: 400, message: expect.stringContaining('incorrect id format for abc') });
    expect(await error('malformed200')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('incorrect id format for abc') });
    expect(await error('truncated')).toMatchObject({ code: 'malformed_response' });
    expect(await error('html')).toMatchObject({ code: 'malformed_response', message: expect.stringContaining('Atom') });
    expect(await error('busy')).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 3 });
    const patient = createArxivSource({ baseUrl: `${server.url}/api`, rateLimit: { limit: 100, interval: 1000 } });
    const timedOut = await patient.search({ query: 'hang', limit: 5, offset: 0 }, AbortSignal.timeout(100)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(timedOut?.name).toBe('TimeoutError');
  });
});

describe('arXiv query syntax', () => {
  it('builds search queries with phrases, dates and categories', () => {
    expect(termsQuery('testing')).toBe('all:testing');
    expect(termsQuery('"dark matter" halos (rotation)')).toBe('all:"dark matter" AND all:halos AND all:rotation');
    expect(termsQuery('ti:transformer AND au:vaswani')).toBe('ti:transformer AND au:vaswani');
    expect(searchQuery({ query: 'galaxy', limit: 5, offset: 0, yearFrom: 2020, yearTo: 2021, fields: ['astro-ph.GA', 'Physics and Astronomy'] })).toBe(
      'all:galaxy AND submittedDate:[202001010000 TO 202112312359] AND cat:astro-ph.GA',
    );
    expect(titleQuery('Heat-bath random walks', ['Stanley'])).toBe('au:stanley AND ti:"heat bath random walks"');
  });

  it('repairs mojibake only when it is one', () => {
    expect(repairMojibake('JosÃ© RaÃºl Romero')).toBe('José Raúl Romero');
    expect(repairMojibake('Ã — not mojibake')).toBe('Ã — not mojibake');
    expect(repairMojibake('Dürer')).toBe('Dürer');
  });
});
