import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { refreshStatistics, upsertPapers } from '@citewise/scholar';
import { migrations as scholarMigrations } from '@citewise/scholar/migrations';
import { testPapers } from '@/features/research/test-papers';
import { migrations as appMigrations } from '@/lib/db/migrations';
import type { LibraryEntry } from './types';

// An import checks every entry and keeps each verdict with the library entry; an entry can be checked again.
// The sources are the local corpus of a real database (PGlite, or TEST_DATABASE_URL) holding the test papers.
let handle: DatabaseHandle;
const user = { id: randomUUID(), claims: { sub: '', role: 'authenticated' } };
user.claims.sub = user.id;
const other = { id: randomUUID(), claims: { sub: '', role: 'authenticated' } };
other.claims.sub = other.id;
let signedIn = user;

vi.mock('@/lib/db/database', () => ({ appDatabase: async () => handle }));
vi.mock('@/lib/auth/session', () => ({ currentUser: async () => signedIn }));

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
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const INVENTED = 'Hyperdimensional gravitational tea brewing with quantum spoons';

beforeAll(async () => {
  handle = await createTestDatabase([scholarMigrations, appMigrations]);
  await upsertPapers(handle.db, testPapers);
  await refreshStatistics(handle.db);
}, 60_000);

afterAll(() => handle?.close());

describe('POST /api/library/import', () => {
  it('reports how many imported entries are verified, differ, are not found or could not be checked', async () => {
    const text = `@article{vaswani, title={Attention Is All You Need}, author={Vaswani, Ashish and Shazeer, Noam and Parmar, Niki}, year={2017}}
@article{lecun, title={Deep learning}, author={LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey}, journal={Nature}, year={2011}}
@article{tea, title={${INVENTED}}, author={Quuxley, Zed}, journal={Journal of Imaginary Results}, year={2031}}
`;
    const response = await importRoute.POST(request('/api/library/import', { text }));
    expect(response.status).toBe(200);
    // Only the local corpus is switched on: the invented paper is `unchecked`, never silently imported as fine.
    expect(await response.json()).toMatchObject({ imported: 3, verified: 1, mismatch: 1, notFound: 0, unchecked: 1, pending: 0, failures: [] });

    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    const byTitle = (title: string) => entries.find((entry) => entry.paper.title === title)!;
    expect(byTitle('Attention Is All You Need').verification).toMatchObject({ status: 'verified', differences: [] });
    const lecun = byTitle('Deep learning').verification!;
    expect(lecun.status).toBe('mismatch');
    expect(lecun.differences.map((d) => d.field)).toEqual(['year']);
    const tea = byTitle(INVENTED).verification!;
    expect(tea.status).toBe('unchecked');
    expect(tea.searched.find((s) => s.source === 'local')?.state).toBe('answered');
    expect(Date.parse(tea.checkedAt)).not.toBeNaN();
  });

  it('checks an entry again on request and keeps the new verdict; another user’s entry is not found', async () => {
    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    const tea = entries.find((entry) => entry.paper.title === INVENTED)!;
    // The work appears in the corpus (as if a source had it now): checking again finds it.
    await upsertPapers(handle.db, [{ ...testPapers[1]!, id: 'test:tea', doi: null, title: INVENTED, authors: [{ family: 'Quuxley', given: 'Zed' }], issued: { year: 2031 }, container: 'Journal of Imaginary Results' }]);
    await refreshStatistics(handle.db);
    const response = await verifyRoute.POST(request(`/api/library/papers/${tea.id}/verify`, {}), params(tea.id));
    const { entry } = (await response.json()) as { entry: LibraryEntry };
    expect(entry.verification?.status).toBe('verified');
    const again = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    expect(again.entries.find((e) => e.id === tea.id)?.verification?.status).toBe('verified');

    signedIn = other;
    const foreign = await verifyRoute.POST(request(`/api/library/papers/${tea.id}/verify`, {}), params(tea.id));
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe('not_found');
    const malformed = await verifyRoute.POST(request('/api/library/papers/nope/verify', {}), params('nope'));
    expect(malformed.status).toBe(404);
    signedIn = user;
  });

  it('keeps a verdict when the paper is saved again from the research page', async () => {
    const before = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    const { paper } = before.entries.find((entry) => entry.paper.title === 'Attention Is All You Need')!;
    expect((await papersRoute.POST(request('/api/library/papers', { paper }))).status).toBe(200);
    const { entries } = (await (await papersRoute.GET(request('/api/library/papers'))).json()) as { entries: LibraryEntry[] };
    expect(entries.find((entry) => entry.paperId === paper.id)?.verification?.status).toBe('verified');
  });
});
