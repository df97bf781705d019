import { describe, expect, it, vi } from 'vitest';
import type { Paper } from '@citewise/scholar';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { apiRequest as request, routeParams } from '@/test/requests';
import { setUpWebApi } from '@/test/web-api';
import { libraryPapers } from '@/lib/db/schema';
import type { LibraryVerdict } from '@/lib/db/schema/library-verdict';
import { runAsUser } from '@/lib/db/with-user-db';

// Searching, sorting and filing the library (GET /api/library/papers?q=&sort=, POST /api/library/collections/:id/papers)
// against a real database, under Row Level Security, as two users.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));

const api = setUpWebApi();
const alice = localUser();
const bob = localUser();
api.signIn(alice);

const papersRoute = await import('@/app/api/library/papers/route');
const collectionsRoute = await import('@/app/api/library/collections/route');
const collectionPapersRoute = await import('@/app/api/library/collections/[id]/papers/route');

const [attention, deepLearning, chinese] = testPapers as [Paper, Paper, Paper];
const verdict = (status: LibraryVerdict['status']): LibraryVerdict => ({ status, differences: [], searched: [], checkedAt: '2026-01-01T00:00:00Z' });
/** Alice's library, saved oldest first: the year-less record has a title with `%`, the Chinese one no spaces. */
const saved: Array<{ paper: Paper; note?: string; tags?: string[]; verification?: LibraryVerdict }> = [
  { paper: attention, tags: ['transformers'], verification: verdict('verified') },
  { paper: deepLearning, note: '综述，第三节重读', verification: verdict('mismatch') },
  { paper: chinese, tags: ['中文'] },
  { paper: { ...attention, id: 'csl:odd', title: '100% Zebra results_v2', authors: [{ literal: '王小明' }], issued: null } },
];

async function list(query: string): Promise<string[]> {
  const response = await papersRoute.GET(request(`/api/library/papers?${query}`));
  expect(response.status).toBe(200);
  return (await response.json()).entries.map((entry: { paperId: string }) => entry.paperId);
}

describe('searching and sorting the library', () => {
  it('saves the papers (straight into the table, one second apart)', async () => {
    for (const [index, item] of saved.entries()) {
      await runAsUser(api.handle, alice.claims, (db) =>
        db.insert(libraryPapers).values({
          userId: alice.id,
          paperId: item.paper.id,
          paper: item.paper,
          note: item.note ?? '',
          tags: item.tags ?? [],
          verification: item.verification ?? null,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
        }),
      );
    }
    // Bob's paper with the same words must never show in Alice's results.
    await runAsUser(api.handle, bob.claims, (db) =>
      db.insert(libraryPapers).values({ userId: bob.id, paperId: 'bob:1', paper: { ...chinese, id: 'bob:1' }, note: 'Vaswani' }),
    );
  });

  it('finds words in the title, authors, note and tags, in either language, case-insensitively', async () => {
    expect(await list('q=attention')).toEqual([attention.id]);
    expect(await list('q=vaswani')).toEqual([attention.id]);
    expect(await list('q=Hinton')).toEqual([deepLearning.id]);
    expect(await list(`q=${encodeURIComponent('分词')}`)).toEqual([chinese.id]);
    expect(await list(`q=${encodeURIComponent('张伟')}`)).toEqual([chinese.id]);
    expect(await list(`q=${encodeURIComponent('重读')}`)).toEqual([deepLearning.id]);
    expect(await list(`q=${encodeURIComponent('中文')}`)).toEqual([chinese.id]);
    expect(await list('q=TRANSFORM')).toEqual([attention.id]);
  });

  it('needs every word to match, and takes % and _ literally', async () => {
    expect(await list('q=deep+nature')).toEqual([]);
    expect(await list('q=deep+lecun')).toEqual([deepLearning.id]);
    expect(await list(`q=${encodeURIComponent('100%')}`)).toEqual(['csl:odd']);
    expect(await list(`q=${encodeURIComponent('%')}`)).toEqual(['csl:odd']);
    expect(await list('q=s_v')).toEqual(['csl:odd']);
    expect(await list('q=nothing-like-this')).toEqual([]);
  });

  it('sorts by date added, year, title and verdict', async () => {
    expect(await list('')).toEqual(['csl:odd', chinese.id, deepLearning.id, attention.id]);
    expect(await list('sort=added')).toEqual(['csl:odd', chinese.id, deepLearning.id, attention.id]);
    expect(await list('sort=year')).toEqual([chinese.id, attention.id, deepLearning.id, 'csl:odd']);
    expect(await list('sort=title')).toEqual(['csl:odd', attention.id, deepLearning.id, chinese.id]);
    // Doubtful first (mismatch), then those not yet checked (newest first), then verified.
    expect(await list('sort=verdict')).toEqual([deepLearning.id, 'csl:odd', chinese.id, attention.id]);
    expect(await list('q=n')).toEqual([deepLearning.id, attention.id]);
    expect(await list('sort=year&q=n')).toEqual([attention.id, deepLearning.id]);
  });

  it('refuses an unknown sort and an overlong query in the product error shape', async () => {
    const sort = await papersRoute.GET(request('/api/library/papers?sort=random'));
    expect(sort.status).toBe(400);
    expect((await sort.json()).error.code).toBe('validation_failed');
    const long = await papersRoute.GET(request(`/api/library/papers?q=${'a'.repeat(201)}`));
    expect(long.status).toBe(400);
  });
});

describe('filing the selection into a collection', () => {
  it('adds papers once, and only the user’s own into the user’s own collection', async () => {
    api.signIn(alice);
    const { collection } = await (await collectionsRoute.POST(request('/api/library/collections', { body: { name: '新合集' } }))).json();
    const { entries } = await (await papersRoute.GET(request('/api/library/papers'))).json();
    const ids = entries.slice(0, 2).map((entry: { id: string }) => entry.id);
    const add = (body: unknown, id = collection.id) =>
      collectionPapersRoute.POST(request(`/api/library/collections/${id}/papers`, { body }), routeParams({ id }));
    expect(await (await add({ ids })).json()).toEqual({ added: 2 });
    expect(await (await add({ ids: entries.map((entry: { id: string }) => entry.id) })).json()).toEqual({ added: 2 });
    expect(await list(`collection=${collection.id}`)).toHaveLength(4);
    expect((await add({ ids: [] })).status).toBe(400);
    expect((await add({ ids }, 'not-a-uuid')).status).toBe(404);

    api.signIn(bob);
    const [bobs] = await runAsUser(api.handle, bob.claims, (db) => db.select().from(libraryPapers));
    // Bob cannot file into Alice's collection, nor file Alice's papers into his own.
    expect((await add({ ids: [bobs!.id] })).status).toBe(404);
    const { collection: his } = await (await collectionsRoute.POST(request('/api/library/collections', { body: { name: 'Mine' } }))).json();
    expect(await (await add({ ids }, his.id)).json()).toEqual({ added: 0 });
    api.signIn(alice);
    expect(await list(`collection=${collection.id}`)).toHaveLength(4);
  });
});
