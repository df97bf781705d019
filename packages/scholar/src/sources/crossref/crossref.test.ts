// The Crossref adapter against a local server replaying recorded /works answers (test/fixtures/crossref).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startReplayServer, type ReplayServer } from '../../../test/replay-server';
import type { Source } from '../source';
import type { SourceError } from '../source-error';
import { createCrossrefSource } from './index';

let server: ReplayServer;
let source: Source;
const signal = () => AbortSignal.timeout(5000);
const PLOS = 'crossref/works_10.1371_journal.pone.0033693.200.json';

beforeAll(async () => {
  // No `query.bibliographic` answer was recorded: this list envelope is built (in Crossref's documented
  // work-list shape) around the recorded single work.
  const matched = JSON.stringify({
    status: 'ok',
    'message-type': 'work-list',
    'message-version': '1.0.0',
    message: {
      facets: {},
      'total-results': 1,
      items: [{ ...(JSON.parse(fixture(PLOS)) as { message: object }).message, score: 118.3 }],
      'items-per-page': 5,
      query: { 'start-index': 0, 'search-terms': null },
    },
  });
  server = await startReplayServer([
    { path: '/works/10.1371/journal.pone.0033693', file: PLOS },
    { path: '/works/10.1109/icdcsw.2003.1203662', file: 'crossref/works_10.1109_icdcsw.2003.1203662.200.json' },
    { path: '/works/10.3892/ijo_00000353', file: 'crossref/works_10.3892_ijo_00000353.200.json' },
    { path: '/works/10.1038/srep16696', file: 'crossref/works_10.1038_srep16696.200.json' },
    { path: '/works/10.1371/notarealdoi', status: 404, file: 'crossref/works_10.1371_notarealdoi.404.txt' },
    { path: '/works', query: { query: 'ecology', rows: '2' }, file: 'crossref/works__query-ecology_rows-2.200.json' },
    // Recorded with `select=DOI,title` (Crossref's default of 20 rows): items with two fields only.
    { path: '/works', query: { query: 'ecology', rows: '20' }, file: 'crossref/works__query-ecology_select-DOI,title.200.json' },
    { path: '/works', query: { query: 'widget' }, file: 'crossref/works__query-widget_cursor-star.200.json' },
    { path: '/works', query: { 'query.bibliographic': 'Methylphenidate Exposure Induces Dopamine Neuron Loss Sadasivan 2012' }, body: matched },
    // Crossref's real validation error (recorded for a field query on a DOI route), answered to a test query.
    { path: '/works', query: { query: 'invalid' }, status: 400, file: 'crossref/works_10.1371_journal.pone.0033693__query.author-carl+boettiger.400.json' },
    { path: '/works', query: { query: 'overloaded' }, status: 429, headers: { 'retry-after': '60' }, body: '' },
    { path: '/works', query: { query: 'broken' }, status: 502, body: '<html><head><title>502 Bad Gateway</title></head></html>' },
    { path: '/works', query: { query: 'cut off' }, body: fixture('crossref/works__query-ecology_rows-2.200.json').slice(0, 1000) },
    { path: '/works', query: { query: 'hang' }, hang: true },
  ]);
  source = createCrossrefSource({ baseUrl: server.url, mailto: 'team@citewise.test', rateLimit: { limit: 100, interval: 1000 } });
});
afterAll(() => server.close());

describe('Crossref work → Paper', () => {
  it('maps a journal article with its JATS abstract, authors, date and container', async () => {
    const paper = await source.lookup({ kind: 'doi', value: '10.1038/srep16696' }, signal());
    expect(paper).toMatchObject({
      id: 'doi:10.1038/srep16696',
      doi: '10.1038/srep16696',
      container: 'Scientific Reports',
      type: 'article-journal',
      language: 'en',
      issued: { year: 2015, month: 11, day: 19 },
      source: 'crossref',
      url: 'https://doi.org/10.1038/srep16696',
      // Crossref's own count of citing works it knows (`is-referenced-by-count`).
      citationCount: 110,
    });
    expect(paper!.title).toBe('Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson’s disease genetically related mutants');
    expect(paper!.abstract).toMatch(/^Oligomers of alpha-synuclein are toxic/);
    expect(paper!.abstract).not.toMatch(/<|jats/);
    expect(paper!.authors[0]).toEqual({ given: 'Laura', family: 'Tosatto' });
    expect(server.requests.at(-1)!.query.get('mailto')).toBe('team@citewise.test');
  });

  it('tolerates missing dates, single-name authors and conference papers', async () => {
    const proceedings = await source.lookup({ kind: 'doi', value: '10.1109/icdcsw.2003.1203662' }, signal());
    expect(proceedings).toMatchObject({ type: 'paper-conference', issued: null, authors: expect.arrayContaining([{ given: 'V.', family: 'Arya' }]) });
    const familyOnly = await source.lookup({ kind: 'doi', value: '10.3892/ijo_00000353' }, signal());
    expect(familyOnly!.authors).toEqual([{ family: 'Stravopodis' }]);
    expect(await source.lookup({ kind: 'doi', value: '10.1371/notarealdoi' }, signal())).toBeNull();
    expect(await source.lookup({ kind: 'pmid', value: '1' }, signal())).toBeNull();
  });

  it('searches with the provider total and scores, and reads partial (`select`) items', async () => {
    const page = await source.search({ query: 'ecology', limit: 2, offset: 0, yearFrom: 2010, hasAbstract: true, sort: 'newest' }, signal());
    expect(page.total).toBe(586628);
    expect(page.hits.map((h) => [h.paper.title, h.paper.type, h.score])).toEqual([
      ['Communicating Ecology', 'entry-encyclopedia', 11.044969],
      ['Chemical Ecology', 'entry-encyclopedia', 10.913344],
    ]);
    const query = server.requests.at(-1)!.query;
    expect([query.get('filter'), query.get('sort'), query.get('order')]).toEqual(['from-pub-date:2010,has-abstract:true', 'published', 'desc']);
    const slim = await source.search({ query: 'ecology', limit: 20, offset: 0 }, signal());
    expect(slim.hits).toHaveLength(20);
    expect(slim.hits[0]!.paper).toMatchObject({ title: 'Communicating Ecology', doi: '10.1093/obo/9780199830060-0238', authors: [], issued: null });
    const chapters = await source.search({ query: 'widget', limit: 20, offset: 0 }, signal());
    expect(chapters.hits[0]!.paper).toMatchObject({ type: 'chapter', issued: null, container: 'Practical JavaScript™, DOM Scripting, and Ajax Projects' });
  });

  it('matches a reference with query.bibliographic', async () => {
    const found = await source.findByTitle({ title: 'Methylphenidate Exposure Induces Dopamine Neuron Loss', authors: ['Sadasivan'], year: 2012 }, signal());
    expect(found.map((p) => p.doi)).toEqual(['10.1371/journal.pone.0033693']);
  });

  it('turns error answers into per-source errors', async () => {
    const error = (query: string) =>
      source.search({ query, limit: 5, offset: 0 }, signal()).then(
        () => null,
        (e: unknown) => e as SourceError,
      );
    expect(await error('invalid')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('does not support field query parameters') });
    expect(await error('broken')).toMatchObject({ code: 'unavailable', status: 502, message: expect.stringContaining('502 Bad Gateway') });
    expect(await error('cut off')).toMatchObject({ code: 'malformed_response' });
    const timedOut = await source.search({ query: 'hang', limit: 5, offset: 0 }, AbortSignal.timeout(100)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(timedOut?.name).toBe('TimeoutError');
    expect(await error('overloaded')).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
  });
});
