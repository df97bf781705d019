import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { refreshStatistics, upsertPapers } from '@citewise/scholar';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { routeParams } from '@/test/requests';
import { setUpWebApi } from '@/test/web-api';
import type { CheckedReference } from '@/features/research/server/checked-reference-type';
import type { LibraryEntry } from './types';

// An import checks every entry and keeps each verdict with the library entry; an entry can be checked again.
// The sources are the local corpus of a real database (PGlite, or TEST_DATABASE_URL) holding the test papers.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));

const user = localUser();
const other = localUser();
const api = setUpWebApi({ corpus: testPapers });
api.signIn(user);

const importRoute = await import('@/app/api/library/import/route');
const papersRoute = await import('@/app/api/library/papers/route');
const verifyRoute = await import('@/app/api/library/papers/[id]/verify/route');

function request(path: string, body?: unknown) {
  return new NextRequest(`http://localhost${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}
const params = (id: string) => routeParams({ id });
const INVENTED = 'Hyperdimensional gravitational tea brewing with quantum spoons';
const checkRoute = await import('@/app/api/scholar/verify/route');
const bulkRoute = await import('@/app/api/library/papers/bulk/route');

describe('POST /api/library/import', () => {
  it('reports how many imported entries are verified, differ, are not found or could not be checked', async () => {
    const text = `@article{vaswani, title={Attention Is All You Need}, author={Vaswani, Ashish and Shazeer, Noam and Parmar, Niki}, year={2017}}
@article{lecun, title={Deep learning}, author={LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey}, journal={Nature}, year={2011}}
@article{tea, title={${INVENTED}}, author={Quuxley, Zed}, journal={Journal of Imaginary Results}, year={2031}}
`;
    const response = await importRoute.POST(request('/api/library/import', { text }));
    expect(response.status).toBe(200);
    // Only the local corpus is switched on: the invented paper is `unchecked`, never silently imported as fine.
    expect(await response.json()).toMatchObject({
      imported: 3,
      verified: 1,
      corrected: 0,
      partial: 0,
      mismatch: 1,
      notFound: 0,
      unchecked: 1,
      pending: 0,
      failures: [],
    });

    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    const byTitle = (title: string) => entries.find((entry) => entry.paper.title === title)!;
    expect(byTitle('Attention Is All You Need').verification).toMatchObject({ status: 'verified', differences: [] });
    const lecun = byTitle('Deep learning').verification!;
    expect(lecun.status).toBe('mismatch');
    expect(lecun.differences).toMatchObject([{ field: 'year', verdict: 'different', expected: 2011, found: 2015 }]);
    const tea = byTitle(INVENTED).verification!;
    expect(tea.status).toBe('unchecked');
    expect(tea.searched.find((s) => s.source === 'local')?.state).toBe('answered');
    expect(Date.parse(tea.checkedAt)).not.toBeNaN();
  });

  it('checks an entry again on request and keeps the new verdict; another user’s entry is not found', async () => {
    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    const tea = entries.find((entry) => entry.paper.title === INVENTED)!;
    // The work appears in the corpus (as if a source had it now): checking again finds it.
    await upsertPapers(api.handle.db, [
      {
        ...testPapers[1]!,
        id: 'test:tea',
        doi: null,
        title: INVENTED,
        authors: [{ family: 'Quuxley', given: 'Zed' }],
        issued: { year: 2031 },
        container: 'Journal of Imaginary Results',
      },
    ]);
    await refreshStatistics(api.handle.db);
    const response = await verifyRoute.POST(request(`/api/library/papers/${tea.id}/verify`, {}), params(tea.id));
    const { entry } = (await response.json()) as { entry: LibraryEntry };
    expect(entry.verification?.status).toBe('verified');
    const again = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    expect(again.entries.find((e) => e.id === tea.id)?.verification?.status).toBe('verified');

    api.signIn(other);
    const foreign = await verifyRoute.POST(request(`/api/library/papers/${tea.id}/verify`, {}), params(tea.id));
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe('not_found');
    const malformed = await verifyRoute.POST(request('/api/library/papers/nope/verify', {}), params('nope'));
    expect(malformed.status).toBe(404);
    api.signIn(user);
  });

  it('keeps a verdict when the paper is saved again from the research page', async () => {
    const before = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    const { paper } = before.entries.find((entry) => entry.paper.title === 'Attention Is All You Need')!;
    expect((await papersRoute.POST(request('/api/library/papers', { paper }))).status).toBe(200);
    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    expect(entries.find((entry) => entry.paperId === paper.id)?.verification?.status).toBe('verified');
  });
});

describe('saving a paper checks it against its record', () => {
  it('gives a paper saved from search its verdict, the date and the sources, and checks it again on request', async () => {
    const before = Date.now();
    const response = await papersRoute.POST(request('/api/library/papers', { paper: testPapers[2] }));
    expect(response.status).toBe(200);
    const { entry } = (await response.json()) as { entry: LibraryEntry };
    expect(entry.verification).toMatchObject({ status: 'verified', sources: ['local'], differences: [], unconfirmed: [] });
    expect(entry.verification!.fields!.map((f) => [f.field, f.verdict])).toEqual([
      ['title', 'matched'],
      ['authors', 'matched'],
      ['year', 'matched'],
      ['container', 'matched'],
    ]);
    expect(Date.parse(entry.verification!.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    // A reload reads the same verdict back.
    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    expect(entries.find((e) => e.id === entry.id)?.verification).toEqual(entry.verification);
    const again = await verifyRoute.POST(request(`/api/library/papers/${entry.id}/verify`, {}), params(entry.id));
    const { entry: rechecked } = (await again.json()) as { entry: LibraryEntry };
    expect(rechecked.verification?.status).toBe('verified');
    expect(Date.parse(rechecked.verification!.checkedAt)).toBeGreaterThanOrEqual(Date.parse(entry.verification!.checkedAt));
  });

  it('checks each paper of a bulk save', async () => {
    const response = await bulkRoute.POST(request('/api/library/papers/bulk', { papers: [testPapers[0], testPapers[1]] }));
    const { entries } = (await response.json()) as { entries: LibraryEntry[] };
    expect(entries.map((e) => e.verification?.status)).toEqual(['verified', 'verified']);
  });

  it('shows in the library the state the checker showed, for the corrected reference it saves', async () => {
    // The Chinese paper's title with invented authors on a record that has none: the checker says partial.
    const bare = { ...testPapers[2]!, id: 'test:zh-bare', title: '面向低资源场景的中文命名实体识别方法', authors: [], issued: null, container: null };
    await upsertPapers(api.handle.db, [bare]);
    await refreshStatistics(api.handle.db);
    const text = `王建国, 李红梅. ${bare.title}[J]. 中文信息学报, 2019, 33(4): 112-118.`;
    const checked = await checkRoute.POST(request('/api/scholar/verify', { text }));
    const [result] = ((await checked.json()) as { entries: CheckedReference[] }).entries;
    expect(result).toMatchObject({ status: 'partial', unconfirmed: ['authors', 'year', 'container', 'volume', 'issue', 'pages'] });
    expect(result!.corrected).toMatchObject({
      id: 'test:zh-bare',
      authors: [{ literal: '王建国' }, { literal: '李红梅' }],
      container: '中文信息学报',
      details: { volume: '33', issue: '4', page: '112-118' },
    });
    const saved = await bulkRoute.POST(request('/api/library/papers/bulk', { papers: [result!.corrected] }));
    const [entry] = ((await saved.json()) as { entries: LibraryEntry[] }).entries;
    expect(entry!.verification).toMatchObject({ status: 'partial', unconfirmed: ['authors', 'year', 'container', 'volume', 'issue', 'pages'] });
  });
});
