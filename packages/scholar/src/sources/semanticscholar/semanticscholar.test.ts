// The Semantic Scholar adapter against a local server replaying recorded Graph API answers
// (test/fixtures/semantic-scholar), error answers included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startReplayServer, type ReplayServer } from '../../../test/replay-server';
import type { Source } from '../source';
import type { SourceError } from '../source-error';
import { createSemanticScholarSource } from './index';

let server: ReplayServer;
let source: Source;
const signal = () => AbortSignal.timeout(5000);
const S2 = 'semantic-scholar';

beforeAll(async () => {
  // GET /paper/{id} answers the same object the batch endpoint lists: this single-paper body is the recorded
  // batch answer's second element.
  const batch = JSON.parse(fixture(`${S2}/paper-batch-all-fields-with-not-found.json`)) as unknown[];
  server = await startReplayServer([
    // Routes match in order: the more specific first.
    { path: '/graph/v1/paper/search', query: { query: 'turing', year: '1936-1937' }, file: `${S2}/paper-search-year-range.json` },
    { path: '/graph/v1/paper/search', query: { query: 'turing', offset: '0', limit: '100' }, file: `${S2}/paper-search-turing-fields_title.json` },
    { path: '/graph/v1/paper/search', query: { query: 'turing', offset: '100', limit: '100' }, file: `${S2}/paper-search-turing-offset100.json` },
    // The recorded empty answer, also served at the end of the 1000-result window.
    { path: '/graph/v1/paper/search', query: { query: 'turing', offset: '995' }, file: `${S2}/paper-search-no-results.json` },
    { path: '/graph/v1/paper/search', query: { query: 'n0 r3sult s3arch t3rm' }, file: `${S2}/paper-search-no-results.json` },
    { path: '/graph/v1/paper/search/match', query: { query: 'mining association rules between' }, file: `${S2}/paper-search-match-title.json` },
    { path: '/graph/v1/paper/search/match', query: { query: 'an invented title' }, status: 404, body: '{"error":"Title match not found"}' },
    // Recorded for the bare DOI path (/paper/10.1093/mind/lix.236.433?fields=title); the API takes both forms.
    { path: '/graph/v1/paper/DOI:10.1093/mind/lix.236.433', file: `${S2}/paper-details-doi-fields_title.json` },
    { path: '/graph/v1/paper/DOI:10.2139/ssrn.288970', body: JSON.stringify(batch[1]) },
    // The real 404 body (recorded for /paper/0).
    { path: '/graph/v1/paper/PMID:99999999', status: 404, file: `${S2}/error-404-paper-not-found.json` },
    { path: '/graph/v1/paper/search', query: { query: 'bad fields' }, status: 400, file: `${S2}/error-400-bad-query-parameters.json` },
    { path: '/graph/v1/paper/search', query: { query: 'no key' }, status: 403, file: `${S2}/error-403-batch.json` },
    // Semantic Scholar's 429 body shape ({message, code}); written here, not recorded.
    {
      path: '/graph/v1/paper/search',
      query: { query: 'too many' },
      status: 429,
      body: '{"message":"Too Many Requests. Please wait and try again or apply for a key for higher rate limits.","code":"429"}',
    },
    { path: '/graph/v1/paper/search', query: { query: 'not json' }, body: '<!DOCTYPE html><html><body>Gateway Timeout</body></html>' },
    { path: '/graph/v1/paper/search', query: { query: 'data drift' }, body: '{"total":3,"data":{"paperId":"x"}}' },
    { path: '/graph/v1/paper/search', query: { query: 'hang' }, hang: true },
  ]);
  source = createSemanticScholarSource({ baseUrl: server.url, apiKey: 's2-test-key', rateLimit: { limit: 100, interval: 1000 } });
});
afterAll(() => server.close());

describe('Semantic Scholar paper → Paper', () => {
  it('maps a full record: DOI id, authors, date, journal, fields', async () => {
    const paper = await source.lookup({ kind: 'doi', value: '10.2139/ssrn.288970' }, signal());
    expect(paper).toMatchObject({
      id: 'doi:10.2139/ssrn.288970',
      title: 'How Much Should We Trust Differences-in-Differences Estimates?',
      issued: { year: 2001, month: 10, day: 1 },
      container: 'Experimental & Empirical Studies eJournal',
      type: 'article-journal',
      fields: ['Psychology', 'Economics', 'Mathematics'],
      source: 'semanticscholar',
      authors: [
        { given: 'Marianne', family: 'Bertrand' },
        { given: 'E.', family: 'Duflo' },
        { given: 'S.', family: 'Mullainathan' },
      ],
      citationCount: 10670,
      openAccessPdf: 'http://papers.nber.org/papers/w8841.pdf',
    });
    expect(paper!.abstract).toMatch(/^Most Difference-in-Difference \(DD\) papers/);
    const request = server.requests.at(-1)!;
    expect(request.headers['x-api-key']).toBe('s2-test-key');
    expect(request.query.get('fields')).toContain('externalIds');
  });

  it('reads a record with a title only, and answers null for an unknown id', async () => {
    expect(await source.lookup({ kind: 'doi', value: '10.1093/mind/lix.236.433' }, signal())).toMatchObject({
      id: 's2:2d5673caa9e6af3a7b82a43f19ee920992db07ad',
      title: 'Computing Machinery and Intelligence',
      authors: [],
      issued: null,
      doi: null,
    });
    expect(await source.lookup({ kind: 'pmid', value: '99999999' }, signal())).toBeNull();
  });
});

describe('Semantic Scholar search', () => {
  it('searches and pages with the provider total', async () => {
    const first = await source.search({ query: 'turing', limit: 100, offset: 0 }, signal());
    expect(first.total).toBe(70499);
    expect(first.hits).toHaveLength(100);
    expect(first.hits[4]!.paper).toMatchObject({ id: 's2:c1126fbffd6b8547a44c58b192b36b08b18299de', title: 'Neural Turing Machines' });
    const second = await source.search({ query: 'turing', limit: 100, offset: 100 }, signal());
    expect(second.hits[0]!.paper.id).not.toBe(first.hits[0]!.paper.id);
    expect(await source.search({ query: 'turing', limit: 10, offset: 995 }, signal())).toEqual({ hits: [], total: 0 });
    expect(server.requests.at(-1)!.query.get('limit')).toBe('5');
    expect(await source.search({ query: 'turing', limit: 10, offset: 1000 }, signal())).toEqual({ hits: [], total: null });
  });

  it('passes year and known fields of study, and skips records without titles', async () => {
    const page = await source.search({ query: 'turing', limit: 100, offset: 0, yearFrom: 1936, yearTo: 1937, fields: ['Mathematics', 'cs.LG'] }, signal());
    expect(page).toEqual({ hits: [], total: 47 });
    expect(server.requests.at(-1)!.query.get('fieldsOfStudy')).toBe('Mathematics');
    expect(await source.search({ query: 'n0 r3sult s3arch t3rm', limit: 100, offset: 0 }, signal())).toEqual({ hits: [], total: 0 });
  });

  it('finds a paper by title, and nothing for an invented one', async () => {
    const found = await source.findByTitle({ title: 'mining association rules between' }, signal());
    expect(found.map((p) => p.title)).toEqual(['Mining association rules between sets of items in large databases']);
    expect(await source.findByTitle({ title: 'an invented title' }, signal())).toEqual([]);
  });

  it('turns error answers into per-source errors', async () => {
    const error = (query: string) =>
      source.search({ query, limit: 10, offset: 0 }, signal()).then(
        () => null,
        (e: unknown) => e as SourceError,
      );
    expect(await error('bad fields')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Unrecognized or unsupported fields') });
    expect(await error('no key')).toMatchObject({ code: 'forbidden', message: expect.stringContaining('Forbidden') });
    expect(await error('not json')).toMatchObject({ code: 'malformed_response' });
    expect(await error('data drift')).toMatchObject({ code: 'malformed_response' });
    const timedOut = await source.search({ query: 'hang', limit: 10, offset: 0 }, AbortSignal.timeout(100)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(timedOut?.name).toBe('TimeoutError');
    expect(await error('too many')).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('Too Many Requests') });
  });
});
