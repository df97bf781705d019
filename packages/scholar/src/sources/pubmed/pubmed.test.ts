// The PubMed adapter against a local server speaking E-utilities with recorded answers (test/fixtures/pubmed;
// how efetch answers are served: test/eutils-replay.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esearchBody as esearch, efetchBody as efetch } from '../../../test/eutils-replay';
import { fixture, startReplayServer, type ReplayServer } from '../../../test/replay-server';
import type { Source } from '../source';
import type { SourceError } from '../source-error';
import { createPubmedSource } from './index';

let server: ReplayServer;
let source: Source;
const signal = () => AbortSignal.timeout(5000);

beforeAll(async () => {
  server = await startReplayServer([
    { path: '/eutils/efetch.fcgi', query: { db: 'pubmed' }, body: efetch },
    { path: '/eutils/esearch.fcgi', query: { term: 'biopython' }, file: 'pubmed/esearch-pubmed-biopython.xml' },
    { path: '/eutils/esearch.fcgi', query: { term: 'abcXYZ' }, file: 'pubmed/esearch-protein-no-results.xml' },
    { path: '/eutils/esearch.fcgi', query: { term: 'PNAS[ta] AND 97[vi]' }, file: 'pubmed/esearch-pubmed-PNAS97-retstart6.xml' },
    { path: '/eutils/esearch.fcgi', query: { term: '(cryopreservation OR proton MRI) AND hasabstract' }, body: esearch(2, ['11748933', '11700088']) },
    { path: '/eutils/esearch.fcgi', query: { term: '10.1136/oemed-2017-104431[aid]' }, body: esearch(1, ['28775130']) },
    {
      path: '/eutils/esearch.fcgi',
      query: { term: 'Pulmonary[ti] AND imaging[ti] AND biomarker[ti] AND pipeline[ti] AND Kirby[au]' },
      body: esearch(1, ['29963580']),
    },
    {
      path: '/eutils/esearch.fcgi',
      query: { term: 'bad syntax(' },
      body: '<?xml version="1.0" encoding="UTF-8" ?>\n<eSearchResult><ERROR>Invalid query</ERROR></eSearchResult>',
    },
    // NCBI's answer when the per-second limit is exceeded (JSON, HTTP 429).
    {
      path: '/eutils/esearch.fcgi',
      query: { term: 'too fast' },
      status: 429,
      headers: { 'retry-after': '1' },
      body: '{"error":"API rate limit exceeded","api-key":"127.0.0.1","count":"4","limit":"3"}',
    },
    { path: '/eutils/esearch.fcgi', query: { term: 'cut' }, body: fixture('pubmed/esearch-pubmed-biopython.xml').slice(0, 300) },
    { path: '/eutils/esearch.fcgi', query: { term: 'hang' }, hang: true },
  ]);
  source = createPubmedSource({ baseUrl: `${server.url}/eutils`, apiKey: 'ncbi-key', email: 'team@citewise.test', rateLimit: { limit: 100, interval: 1000 } });
});
afterAll(() => server.close());

describe('PubMed efetch → Paper', () => {
  it('maps a structured abstract, authors, journal, date, DOI and keywords', async () => {
    const paper = await source.lookup({ kind: 'pmid', value: '28775130' }, signal());
    expect(paper).toMatchObject({
      id: 'doi:10.1136/oemed-2017-104431',
      pmid: '28775130',
      doi: '10.1136/oemed-2017-104431',
      language: 'en',
      type: 'article-journal',
      title: 'Occupational pesticide exposure and subclinical hypothyroidism among male pesticide applicators',
      source: 'pubmed',
      url: 'https://pubmed.ncbi.nlm.nih.gov/28775130/',
    });
    expect(paper!.abstract!.split('\n').map((p) => p.split(':')[0])).toEqual(['OBJECTIVES', 'METHODS', 'RESULTS', 'CONCLUSIONS']);
    expect(paper!.issued!.year).toBe(2018);
    expect(paper!.authors[0]!.family).toBeTruthy();
    const request = server.requests.at(-1)!;
    expect([request.query.get('api_key'), request.query.get('tool'), request.query.get('email')]).toEqual(['ncbi-key', 'citewise', 'team@citewise.test']);
  });

  it('reduces inline HTML and MathML to text, and keeps collective authors', async () => {
    const telomere = await source.lookup({ kind: 'pmid', value: '27797938' }, signal());
    expect(telomere!.title).toBe('Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer');
    const lactate = await source.lookup({ kind: 'pmid', value: '30108519' }, signal());
    expect(lactate!.title).toBe(
      'A "Blood Relationship" Between the Overlooked Minimum Lactate Equivalent and Maximal Lactate Steady State in Trained Runners. Back to the Old Days?',
    );
    const lungs = await source.lookup({ kind: 'pmid', value: '29963580' }, signal());
    expect(lungs!.abstract).toContain('inhaled He 3 / Xe 129');
    expect(lungs!.abstract).not.toMatch(/<|mml/);
    expect(lungs!.authors).toContainEqual({ literal: 'Canadian Respiratory Research Network' });
  });

  it('reads old records: seasons, missing DOIs, two records in one answer', async () => {
    const page = await source.search({ query: 'cryopreservation OR proton MRI', limit: 10, offset: 0, hasAbstract: true }, signal());
    expect(page.total).toBe(2);
    expect(page.hits.map((h) => [h.paper.pmid, h.paper.container, h.paper.issued])).toEqual([
      ['11748933', 'Cryobiology', { year: 2001, month: 6 }],
      ['11700088', 'Journal of magnetic resonance (San Diego, Calif. : 1997)', { year: 2001, month: 11 }],
    ]);
    const aids = await source.lookup({ kind: 'pmid', value: '12091962' }, signal());
    expect(aids).toMatchObject({ id: 'pmid:12091962', doi: null, issued: { year: 1990 } });
  });
});

describe('PubMed search and lookup', () => {
  it("keeps esearch's order and total, leaving out PMIDs efetch does not return", async () => {
    const page = await source.search({ query: 'biopython', limit: 20, offset: 0 }, signal());
    expect(page).toEqual({ hits: [], total: 63 });
    const fetched = server.requests.at(-1)!;
    expect(fetched.path).toBe('/eutils/efetch.fcgi');
    expect(fetched.query.get('id')!.split(',')).toHaveLength(20);
    const none = await source.search({ query: 'abcXYZ', limit: 20, offset: 0 }, signal());
    expect(none).toEqual({ hits: [], total: 0 });
    expect(server.requests.at(-1)!.path).toBe('/eutils/esearch.fcgi');
    const journal = await source.search({ query: 'PNAS[ta] AND 97[vi]', limit: 6, offset: 6, yearFrom: 2000, sort: 'newest' }, signal());
    expect(journal.total).toBe(2651);
    const query = server.requests.find((r) => r.query.get('term') === 'PNAS[ta] AND 97[vi]')!.query;
    expect([query.get('retstart'), query.get('retmax'), query.get('sort'), query.get('mindate'), query.get('maxdate')]).toEqual([
      '6',
      '6',
      'pub_date',
      '2000',
      '3000',
    ]);
  });

  it('looks a DOI up through esearch, and finds a paper by title and author', async () => {
    expect(await source.lookup({ kind: 'doi', value: '10.1136/oemed-2017-104431' }, signal())).toMatchObject({ pmid: '28775130' });
    expect(await source.lookup({ kind: 'pmid', value: '1' }, signal())).toBeNull();
    const found = await source.findByTitle({ title: 'Pulmonary imaging biomarker pipeline', authors: ['Kirby'] }, signal());
    expect(found.map((p) => p.pmid)).toEqual(['29963580']);
  });

  it('turns error answers into per-source errors', async () => {
    const error = (query: string) =>
      source.search({ query, limit: 5, offset: 0 }, signal()).then(
        () => null,
        (e: unknown) => e as SourceError,
      );
    expect(await error('bad syntax(')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Invalid query') });
    expect(await error('cut')).toMatchObject({ code: 'malformed_response' });
    const timedOut = await source.search({ query: 'hang', limit: 5, offset: 0 }, AbortSignal.timeout(100)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(timedOut?.name).toBe('TimeoutError');
    expect(await error('too fast')).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1, message: expect.stringContaining('API rate limit exceeded') });
  });
});
