import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { apiRequest as request, routeParams } from '@/test/requests';
import { setUpWebApi } from '@/test/web-api';
import { libraryCollectionPapers, libraryCollections, libraryPapers } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';

// The library's route handlers against a real database (PGlite, or TEST_DATABASE_URL), as three users.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));

const api = setUpWebApi();
const alice = localUser();
const bob = localUser();
const carol = localUser();
const as = (user: typeof alice | null) => api.signIn(user);
as(alice);

const papersRoute = await import('@/app/api/library/papers/route');
const paperRoute = await import('@/app/api/library/papers/[id]/route');
const bulkRoute = await import('@/app/api/library/papers/bulk/route');
const savedRoute = await import('@/app/api/library/papers/saved/route');
const collectionsRoute = await import('@/app/api/library/collections/route');
const collectionRoute = await import('@/app/api/library/collections/[id]/route');
const importRoute = await import('@/app/api/library/import/route');
const exportRoute = await import('@/app/api/library/export/route');

const params = (id: string) => routeParams({ id });

describe('the library API', () => {
  it('refuses signed-out requests', async () => {
    as(null);
    const response = await papersRoute.GET(request('/api/library/papers'));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
    as(alice);
  });

  it('saves papers with their records, once per paper', async () => {
    as(alice);
    for (const paper of testPapers) expect((await papersRoute.POST(request('/api/library/papers', { body: { paper } }))).status).toBe(200);
    const again = await (await papersRoute.POST(request('/api/library/papers', { body: { paper: testPapers[0] } }))).json();
    expect(again.entry).toMatchObject({ paperId: testPapers[0]!.id, note: '', tags: [], collectionIds: [] });
    const listing = await (await papersRoute.GET(request('/api/library/papers'))).json();
    expect(listing.entries).toHaveLength(3);
    expect(listing.entries.find((entry: { paperId: string }) => entry.paperId === 'csl:zh-0001').paper.title).toBe('基于深度学习的中文分词方法研究');
    const one = await (await papersRoute.GET(request(`/api/library/papers?paperId=${encodeURIComponent('arXiv:1706.03762')}`))).json();
    expect(one.entries.map((entry: { paperId: string }) => entry.paperId)).toEqual(['arXiv:1706.03762']);
  });

  it('keeps a note, tags and collections per paper, and filters by them', async () => {
    as(alice);
    const { collection } = await (await collectionsRoute.POST(request('/api/library/collections', { body: { name: 'Thesis' } }))).json();
    const duplicate = await collectionsRoute.POST(request('/api/library/collections', { body: { name: 'Thesis' } }));
    expect(duplicate.status).toBe(409);
    const { entries } = await (await papersRoute.GET(request('/api/library/papers'))).json();
    const target = entries.find((entry: { paperId: string }) => entry.paperId === 'arXiv:1706.03762');
    const patched = await paperRoute.PATCH(
      request(`/api/library/papers/${target.id}`, {
        method: 'PATCH',
        body: { note: 'Read §3 again', tags: ['transformers', 'to-read', 'to-read'], collectionIds: [collection.id] },
      }),
      params(target.id),
    );
    expect((await patched.json()).entry).toMatchObject({ note: 'Read §3 again', tags: ['transformers', 'to-read'], collectionIds: [collection.id] });
    const byCollection = await (await papersRoute.GET(request(`/api/library/papers?collection=${collection.id}`))).json();
    expect(byCollection.entries.map((entry: { id: string }) => entry.id)).toEqual([target.id]);
    expect(byCollection.collections).toEqual([{ id: collection.id, name: 'Thesis', paperCount: 1 }]);
    expect(byCollection.tags).toEqual(['to-read', 'transformers']);
    const byTag = await (await papersRoute.GET(request('/api/library/papers?tag=to-read'))).json();
    expect(byTag.entries).toHaveLength(1);
  });

  it('imports a BibTeX file into a collection, reporting broken entries', async () => {
    as(alice);
    const { collection } = await (await collectionsRoute.POST(request('/api/library/collections', { body: { name: 'Imported' } }))).json();
    const text = `@article{he2016, title={Deep Residual Learning for Image Recognition}, author={He, Kaiming and Zhang, Xiangyu}, journal={CVPR}, year={2016}, doi={10.1109/CVPR.2016.90}}
@article{broken, title={Unclosed
`;
    const response = await importRoute.POST(request('/api/library/import', { body: { text, collectionId: collection.id } }));
    const summary = await response.json();
    // The corpus of this database is empty and no broad index is switched on: checked, but nothing can be said.
    expect(summary).toMatchObject({ imported: 1, verified: 0, mismatch: 0, notFound: 0, unchecked: 1, pending: 0 });
    expect(summary.failures).toHaveLength(1);
    const listing = await (await papersRoute.GET(request(`/api/library/papers?collection=${collection.id}`))).json();
    expect(listing.entries[0].paper.title).toBe('Deep Residual Learning for Image Recognition');
    const plain = await importRoute.POST(request('/api/library/import', { body: { text: 'just some words' } }));
    expect((await plain.json()).error.issues[0].code).toBe('file_unreadable');
  });

  it('exports all or chosen entries', async () => {
    as(alice);
    const all = await exportRoute.POST(request('/api/library/export', { body: { format: 'bibtex' } }));
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="citewise-library.bib"');
    const text = await all.text();
    expect(text).toContain('Attention Is All You Need');
    expect(text).toContain('Deep Residual Learning');
    const { entries } = await (await papersRoute.GET(request('/api/library/papers?tag=to-read'))).json();
    const chosen = await (
      await exportRoute.POST(request('/api/library/export', { body: { ids: [entries[0].id], format: 'text', style: 'gb-t-7714-2015-numeric' } }))
    ).text();
    expect(chosen).toMatch(/^\[1\] VASWANI A/);
  });

  it('saves a page of results at once into a collection, and says which papers of a page are saved', async () => {
    as(carol);
    const { collection } = await (await collectionsRoute.POST(request('/api/library/collections', { body: { name: 'Reading' } }))).json();
    const saved = await bulkRoute.POST(request('/api/library/papers/bulk', { body: { papers: testPapers.slice(0, 2), collectionId: collection.id } }));
    expect(saved.status).toBe(200);
    const { entries } = await saved.json();
    expect(entries.map((entry: { collectionIds: string[] }) => entry.collectionIds)).toEqual([[collection.id], [collection.id]]);
    const asked = [testPapers[0]!.id, testPapers[2]!.id, 'doi:10.1000/never-saved'];
    const { saved: which } = await (await savedRoute.POST(request('/api/library/papers/saved', { body: { paperIds: asked } }))).json();
    expect(Object.keys(which)).toEqual([testPapers[0]!.id]);
    expect((await (await collectionsRoute.GET(request('/api/library/collections'))).json()).collections).toEqual([
      { id: collection.id, name: 'Reading', paperCount: 2 },
    ]);
    expect(which[testPapers[0]!.id]).toBe(entries[0].id);
    // Alice's saves are hers alone: Carol is told only of his own.
    expect(
      Object.keys((await (await savedRoute.POST(request('/api/library/papers/saved', { body: { paperIds: [testPapers[2]!.id] } }))).json()).saved),
    ).toEqual([]);
    // Another user's collection reads as unknown, and then nothing is saved.
    as(alice);
    const foreign = await bulkRoute.POST(request('/api/library/papers/bulk', { body: { papers: [testPapers[2]], collectionId: collection.id } }));
    expect(foreign.status).toBe(404);
    as(carol);
    const empty = await bulkRoute.POST(request('/api/library/papers/bulk', { body: { papers: [] } }));
    expect((await empty.json()).error.issues[0].code).toBe('nothing_selected');
    const tooMany = await bulkRoute.POST(
      request('/api/library/papers/bulk', { body: { papers: Array.from({ length: 101 }, (_, i) => ({ ...testPapers[0]!, id: `x:${i}` })) } }),
    );
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.issues[0].code).toBe('too_many_at_once');
    const crossSite = await bulkRoute.POST(
      new NextRequest('http://localhost/api/library/papers/bulk', {
        method: 'POST',
        body: JSON.stringify({ papers: [testPapers[0]] }),
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: 'sb-session=1' },
      }),
    );
    expect(crossSite.status).toBe(403);
    await bulkRoute.POST(request('/api/library/papers/bulk', { body: { papers: testPapers } }));
    expect((await (await papersRoute.GET(request('/api/library/papers'))).json()).entries).toHaveLength(3);
  });

  it('never shows, changes or removes another user’s entries', async () => {
    as(alice);
    const { entries } = await (await papersRoute.GET(request('/api/library/papers'))).json();
    as(bob);
    expect((await (await papersRoute.GET(request('/api/library/papers'))).json()).entries).toEqual([]);
    const id = entries[0].id;
    expect((await paperRoute.PATCH(request(`/api/library/papers/${id}`, { method: 'PATCH', body: { note: 'mine now' } }), params(id))).status).toBe(404);
    expect((await paperRoute.DELETE(request(`/api/library/papers/${id}`, { method: 'DELETE' }), params(id))).status).toBe(404);
    expect((await exportRoute.POST(request('/api/library/export', { body: { ids: [id], format: 'ris' } }))).status).toBe(404);
    expect((await paperRoute.DELETE(request('/api/library/papers/not-a-uuid', { method: 'DELETE' }), params('not-a-uuid'))).status).toBe(404);
  });

  it('removes entries and collections', async () => {
    as(alice);
    const { entries, collections } = await (await papersRoute.GET(request('/api/library/papers'))).json();
    expect((await paperRoute.DELETE(request(`/api/library/papers/${entries[0].id}`, { method: 'DELETE' }), params(entries[0].id))).status).toBe(200);
    expect(
      (await collectionRoute.DELETE(request(`/api/library/collections/${collections[0].id}`, { method: 'DELETE' }), params(collections[0].id))).status,
    ).toBe(200);
    const after = await (await papersRoute.GET(request('/api/library/papers'))).json();
    expect(after.entries).toHaveLength(entries.length - 1);
    expect(after.collections).toHaveLength(collections.length - 1);
  });
});

describe('Row Level Security on the library tables', () => {
  it('shows queries WITHOUT a user filter only the signed-in user’s rows', async () => {
    await runAsUser(api.handle, bob.claims, (db) => db.insert(libraryPapers).values({ userId: bob.id, paperId: testPapers[1]!.id, paper: testPapers[1]! }));
    await runAsUser(api.handle, bob.claims, (db) => db.insert(libraryCollections).values({ userId: bob.id, name: 'Bob’s' }));
    for (const user of [alice, bob]) {
      const papers = await runAsUser(api.handle, user.claims, (db) => db.select().from(libraryPapers));
      expect(papers.length).toBeGreaterThan(0);
      expect(new Set(papers.map((row) => row.userId))).toEqual(new Set([user.id]));
      const collections = await runAsUser(api.handle, user.claims, (db) =>
        queryRows<{ user_id: string }>(db, sql`select user_id from app.library_collections`),
      );
      expect(new Set(collections.map((row) => row.user_id))).toEqual(new Set([user.id]));
      const links = await runAsUser(api.handle, user.claims, (db) => db.select().from(libraryCollectionPapers));
      expect(links.every((row) => row.userId === user.id)).toBe(true);
    }
    // The table owner sees both users' rows: they are there, only hidden.
    const all = await queryRows<{ user_id: string }>(api.handle.db, sql`select distinct user_id from app.library_papers`);
    expect(new Set(all.map((row) => row.user_id))).toEqual(new Set([alice.id, bob.id, carol.id]));
  });

  it('refuses to write rows for another user', async () => {
    const failure = await runAsUser(api.handle, alice.claims, (db) =>
      db.insert(libraryPapers).values({ userId: bob.id, paperId: 'x', paper: testPapers[0]! }),
    ).catch((error: unknown) => error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/row-level security/);
    const changed = await runAsUser(api.handle, alice.claims, (db) =>
      db
        .update(libraryPapers)
        .set({ note: 'hijacked' })
        .where(sql`user_id = ${bob.id}`)
        .returning(),
    );
    expect(changed).toEqual([]);
  });

  it('refuses to link a paper into another user’s collection, or another user’s paper into one’s own', async () => {
    const [bobsCollection] = await runAsUser(api.handle, bob.claims, (db) =>
      db.insert(libraryCollections).values({ userId: bob.id, name: 'Private' }).returning(),
    );
    const [bobsPaper] = await runAsUser(api.handle, bob.claims, (db) => db.select().from(libraryPapers).limit(1));
    const [alicesPaper] = await runAsUser(api.handle, alice.claims, (db) =>
      db.insert(libraryPapers).values({ userId: alice.id, paperId: 'link-test', paper: testPapers[0]! }).returning(),
    );
    const [alicesCollection] = await runAsUser(api.handle, alice.claims, (db) =>
      db.insert(libraryCollections).values({ userId: alice.id, name: 'Mine' }).returning(),
    );
    for (const link of [
      { collectionId: bobsCollection!.id, libraryPaperId: alicesPaper!.id },
      { collectionId: alicesCollection!.id, libraryPaperId: bobsPaper!.id },
    ]) {
      const failure = await runAsUser(api.handle, alice.claims, (db) => db.insert(libraryCollectionPapers).values({ userId: alice.id, ...link })).catch(
        (error: unknown) => error,
      );
      expect(String((failure as Error).cause ?? failure)).toMatch(/row-level security/);
    }
    await runAsUser(api.handle, alice.claims, (db) =>
      db.insert(libraryCollectionPapers).values({ userId: alice.id, collectionId: alicesCollection!.id, libraryPaperId: alicesPaper!.id }),
    );
  });
});
