import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { createLocalSource, sourceRegistry, type Source } from '@citewise/scholar';
import { searchPapers } from './server/search-papers';
import { testPapers } from '@/test/fixtures/papers';
import { setUpWebApi } from '@/test/web-api';

// The route handlers against a real database (PGlite, or TEST_DATABASE_URL) holding a few corpus papers.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
// Signed out (nobody signs in here): the research API serves visitors too (a signed-in user's plan limits are
// tested in features/billing).
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
const api = setUpWebApi({
  corpus: [
    ...testPapers,
    // Enough papers on one topic for more than one page of results.
    ...Array.from({ length: 25 }, (_, i) => ({
      ...testPapers[1]!,
      id: `test:graph-${i}`,
      doi: null,
      title: `Synthetic graph coloring study ${i + 1}`,
      abstract: 'Graph coloring.',
    })),
  ],
});

const { GET: search } = await import('@/app/api/scholar/search/route');
const { GET: paper } = await import('@/app/api/scholar/papers/[...id]/route');
const { POST: exportPapers } = await import('@/app/api/scholar/export/route');
const { POST: cite } = await import('@/app/api/scholar/cite/route');
const { POST: verify } = await import('@/app/api/scholar/verify/route');

let address = 0;
function request(path: string, init: { method?: string; body?: unknown; locale?: string } = {}) {
  return new NextRequest(`http://localhost${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // Each request from its own address: the rate limits are not what these tests are about.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++address % 250}`, ...(init.locale ? { 'x-locale': init.locale } : {}) },
  });
}

describe('GET /api/scholar/search', () => {
  it('finds English papers with a status per source', async () => {
    const response = await search(request('/api/scholar/search?q=attention%20transformer'));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results[0].paper.id).toBe('arXiv:1706.03762');
    expect(body.results[0].sources).toEqual(['local']);
    expect(body.sources).toEqual([expect.objectContaining({ source: 'local', state: 'ok' })]);
    expect(body).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    // Highlighting: whole words the analysed query matched, never a stop-word of the title.
    expect(body.matched).toEqual(expect.arrayContaining(['attention', 'transformer']));
    expect(body.matched).not.toContain('is');
  });

  it('finds Chinese papers for a Chinese query', async () => {
    const body = await (await search(request(`/api/scholar/search?q=${encodeURIComponent('中文分词')}`))).json();
    expect(body.results.map((hit: { paper: { id: string } }) => hit.paper.id)).toEqual(['csl:zh-0001']);
  });

  it('searches a Chinese query in English too, says what it searched, and honours translate=off and the language filter', async () => {
    const ids = (body: { results: { paper: { id: string } }[] }) => body.results.map((hit) => hit.paper.id).sort();
    const both = await (await search(request(`/api/scholar/search?q=${encodeURIComponent('深度学习')}`))).json();
    expect(both.translation).toEqual({
      from: 'zh',
      to: 'en',
      engine: 'dictionary',
      searched: ['deep learning'],
      shown: [{ source: '深度学习', target: 'deep learning', via: 'glossary' }],
    });
    expect(ids(both)).toEqual(['csl:zh-0001', 'doi:10.1038/nature14539']);
    expect(both.matched).toEqual(expect.arrayContaining(['deep', 'learning']));
    const off = await (await search(request(`/api/scholar/search?q=${encodeURIComponent('深度学习')}&translate=off`))).json();
    expect(off.translation).toBeNull();
    expect(ids(off)).toEqual(['csl:zh-0001']);
    const english = await (await search(request(`/api/scholar/search?q=${encodeURIComponent('深度学习')}&language=en`))).json();
    expect(ids(english)).toEqual(['doi:10.1038/nature14539']);
    const chinese = await (await search(request('/api/scholar/search?q=deep%20learning&language=zh'))).json();
    expect(chinese.translation).toMatchObject({ from: 'en', to: 'zh', searched: ['深度学习'] });
    expect(ids(chinese)).toEqual(['csl:zh-0001']);
    const bad = await (await search(request('/api/scholar/search?q=x&translate=maybe&language=fr'))).json();
    expect(bad.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['language', 'translate']);
  });

  it('filters by year and sorts by date', async () => {
    const body = await (await search(request('/api/scholar/search?q=deep%20learning&yearFrom=2016&hasAbstract=true'))).json();
    expect(body.results.every((hit: { paper: { issued: { year: number } } }) => hit.paper.issued.year >= 2016)).toBe(true);
    const newest = await (await search(request('/api/scholar/search?q=learning&sort=newest'))).json();
    const years = newest.results.map((hit: { paper: { issued: { year: number } } }) => hit.paper.issued.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('pages through results, saying whether there is a next page', async () => {
    const first = await (await search(request('/api/scholar/search?q=synthetic%20graph%20coloring'))).json();
    expect(first.results).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await (await search(request('/api/scholar/search?q=synthetic%20graph%20coloring&page=2'))).json();
    expect(second.results).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const ids = new Set([...first.results, ...second.results].map((hit: { paper: { id: string } }) => hit.paper.id));
    expect(ids.size).toBe(25);
  });

  it('answers validation failures in the stable shape and the request’s language', async () => {
    const empty = await search(request('/api/scholar/search?q=%20', { locale: 'zh' }));
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues).toEqual([expect.objectContaining({ path: 'q', code: 'query_required', message: '请输入要搜索的内容。' })]);
    const range = await (await search(request('/api/scholar/search?q=x&yearFrom=2020&yearTo=2010'))).json();
    expect(range.error.issues[0]).toMatchObject({ path: 'yearFrom', code: 'year_range' });
    const deep = await (await search(request('/api/scholar/search?q=x&page=11'))).json();
    expect(deep.error.issues[0]).toMatchObject({ path: 'page', code: 'page_too_deep' });
    const source = await search(request('/api/scholar/search?q=x&sources=google'));
    expect(source.status).toBe(400);
  });
});

describe('GET /api/scholar/papers/:id', () => {
  it('answers a paper whose id spans path segments', async () => {
    const response = await paper(request('/api/scholar/papers/doi:10.1038/nature14539'), { params: Promise.resolve({ id: ['doi:10.1038', 'nature14539'] }) });
    expect((await response.json()).paper).toMatchObject({ title: 'Deep learning', doi: '10.1038/nature14539' });
  });

  it('answers not_found for an unknown id', async () => {
    const response = await paper(request('/api/scholar/papers/nope'), { params: Promise.resolve({ id: ['nope'] }) });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});

describe('POST /api/scholar/export and /cite', () => {
  it('exports corpus papers by id as BibTeX, as a download', async () => {
    const response = await exportPapers(request('/api/scholar/export', { body: { ids: ['arXiv:1706.03762'], format: 'bibtex' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="citewise-references.bib"');
    const text = await response.text();
    expect(text).toMatch(/^@inproceedings\{vaswani2017/m);
    expect(text).toContain('Attention Is All You Need');
  });

  it('formats records sent along in a style, and refuses unknown ids', async () => {
    const response = await exportPapers(
      request('/api/scholar/export', { body: { papers: [testPapers[2], testPapers[1]], format: 'text', style: 'gb-t-7714-2015-numeric' } }),
    );
    const text = await response.text();
    expect(text).toContain('张伟, 李娜');
    expect(text).toContain('LECUN Y');
    const missing = await exportPapers(request('/api/scholar/export', { body: { ids: ['arXiv:0000.00000'], format: 'ris' } }));
    expect(missing.status).toBe(404);
    const none = await exportPapers(request('/api/scholar/export', { body: { format: 'ris' } }));
    expect((await none.json()).error.issues[0].code).toBe('nothing_selected');
  });

  it('cites one paper in GB/T 7714 without the list number', async () => {
    const body = await (await cite(request('/api/scholar/cite', { body: { paper: testPapers[2], style: 'gb-t-7714-2015-numeric' } }))).json();
    expect(body.text).toMatch(/^张伟, 李娜\. 基于深度学习的中文分词方法研究\[J\]\. 计算机学报, 2020/);
    expect(body.citation).toBe('[1]');
  });
});

describe('POST /api/scholar/verify', () => {
  it('checks pasted references: verified, mismatch with the differing fields, unchecked offline', async () => {
    const text = [
      '[1] Vaswani A, Shazeer N, Parmar N. Attention Is All You Need. Advances in Neural Information Processing Systems, 2017. arXiv:1706.03762',
      '[2] LeCun Y, Bengio Y, Hinton G. Deep learning. Nature, 2012. doi:10.1038/nature14539',
      '[3] Quuxley Z. Hyperdimensional gravitational tea brewing with quantum spoons. Journal of Imaginary Results, 2031.',
    ].join('\n');
    const response = await verify(request('/api/scholar/verify', { body: { text } }));
    expect(response.status).toBe(200);
    const { entries } = await response.json();
    // Only the local corpus is switched on here: an invented reference cannot be called not found.
    expect(entries.map((entry: { status: string }) => entry.status)).toEqual(['verified', 'mismatch', 'unchecked']);
    expect(entries[2].searched).toContainEqual({ source: 'local', state: 'answered' });
    expect(entries[2].searched).toContainEqual({ source: 'openalex', state: 'not_configured' });
    expect(entries[1].differences).toEqual([expect.objectContaining({ field: 'year', expected: 2012, found: 2015 })]);
    expect(entries[0].paper.id).toBe('arXiv:1706.03762');
  });

  it('checks an uploaded BibTeX file, reporting entries it cannot read', async () => {
    const bibtex = `@article{lecun, title={Deep learning}, author={LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey}, journal={Nature}, year={2015}, doi={10.1038/nature14539}}
@article{broken, title={Unclosed
`;
    const { entries } = await (await verify(request('/api/scholar/verify', { body: { text: bibtex, format: 'bibtex' } }))).json();
    expect(entries[0]).toMatchObject({ status: 'verified', index: 1 });
    expect(entries.length).toBe(2);
    expect(entries[1].status).toBe('unreadable');
  });

  it('refuses an empty or too large bibliography', async () => {
    const empty = await verify(request('/api/scholar/verify', { body: { text: '   ' } }));
    expect((await empty.json()).error.issues[0].code).toBe('bibliography_required');
    const large = await verify(request('/api/scholar/verify', { body: { text: 'x'.repeat(200_001) } }));
    expect((await large.json()).error.issues[0].code).toBe('file_too_large');
  });
});

describe('searchPapers with sources that fail', () => {
  // Stand-ins for online sources: one never answers, one answers with an error.
  const silent: Source = {
    id: 'openalex',
    name: 'OpenAlex',
    lookupKinds: [],
    search: (_query, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    lookup: async () => null,
    findByTitle: async () => [],
  };
  const broken: Source = {
    id: 'crossref',
    name: 'Crossref',
    lookupKinds: [],
    search: async () => {
      throw new Error('connection reset');
    },
    lookup: async () => null,
    findByTitle: async () => [],
  };

  it('answers the local results with a status per source: ok, timed out, failed', async () => {
    const registry = sourceRegistry([createLocalSource(api.handle.db), silent, broken], 300);
    const page = await searchPapers(api.handle.db, registry, { q: 'attention transformer', page: 1, sort: 'relevance', translate: 'auto' });
    expect(page.results[0]?.paper.id).toBe('arXiv:1706.03762');
    expect(Object.fromEntries(page.sources.map((status) => [status.source, status.state]))).toEqual({ local: 'ok', openalex: 'timeout', crossref: 'error' });
  });
});
