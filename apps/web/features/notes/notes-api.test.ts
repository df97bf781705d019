import { describe, expect, it, vi } from 'vitest';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { apiRequest as request, jsonOf as json, routeParams } from '@/test/requests';
import { setUpWebApi } from '@/test/web-api';
import { notePapers, notes } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import { MAX_NOTE_BODY_BYTES, MAX_NOTE_CHARS } from './limits';

// The notes API against a real database (PGlite, or TEST_DATABASE_URL), as two users.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));

const alice = localUser();
const bob = localUser();
const as = (who: typeof alice | null) => api.signIn(who);
const api = setUpWebApi({
  setup: async () => {
    for (const who of [alice, bob]) {
      as(who);
      for (const paper of testPapers) await papersRoute.POST(request('/api/library/papers', { body: { paper } }));
    }
    as(alice);
  },
});

const notesRoute = await import('@/app/api/notes/route');
const noteRoute = await import('@/app/api/notes/[id]/route');
const exportRoute = await import('@/app/api/notes/[id]/export/route');
const citationsRoute = await import('@/app/api/notes/citations/route');
const libraryRoute = await import('@/app/api/notes/library/route');
const papersRoute = await import('@/app/api/library/papers/route');

const params = (id: string) => routeParams({ id });
const create = async (body: Record<string, unknown>) => (await json(await notesRoute.POST(request('/api/notes', { body })))).body.note;
const search = async (q: string) =>
  (await json(await notesRoute.GET(request(`/api/notes?q=${encodeURIComponent(q)}`)))).body.notes.map((n: { title: string }) => n.title);
const patch = (id: string, body: Record<string, unknown>) => noteRoute.PATCH(request(`/api/notes/${id}`, { method: 'PATCH', body }), params(id));

describe('the notes API', () => {
  it('refuses signed-out requests', async () => {
    as(null);
    const response = await json(await notesRoute.GET(request('/api/notes')));
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
    as(alice);
  });

  it('creates, lists, reads, updates and deletes notes with tags and linked papers', async () => {
    as(alice);
    const { body: library } = await json(await libraryRoute.GET(request('/api/notes/library')));
    const attention = library.papers.find((p: { title: string }) => p.title === 'Attention Is All You Need');
    expect(attention.key).toBe('vaswani2017attention');
    const note = await create({
      title: '  Reading log ',
      body: 'First thoughts',
      tags: ['thesis', 'thesis', 'ml'],
      papers: [{ libraryPaperId: attention.libraryPaperId, locator: 'p. 3' }],
    });
    expect(note).toMatchObject({ title: 'Reading log', tags: ['thesis', 'ml'], version: 1 });
    expect(note.papers).toEqual([
      { libraryPaperId: attention.libraryPaperId, key: 'vaswani2017attention', title: 'Attention Is All You Need', year: 2017, locator: 'p. 3' },
    ]);

    const saved = await json(await patch(note.id, { version: 1, body: '## Method\n\nSelf-attention only.', papers: [] }));
    expect(saved.body.note).toMatchObject({ version: 2, title: 'Reading log', body: '## Method\n\nSelf-attention only.', papers: [] });
    const read = await json(await noteRoute.GET(request(`/api/notes/${note.id}`), params(note.id)));
    expect(read.body.note.version).toBe(2);

    const listing = await json(await notesRoute.GET(request('/api/notes?tag=ml')));
    expect(listing.body.notes).toHaveLength(1);
    expect(listing.body.notes[0]).toMatchObject({ title: 'Reading log', excerpt: 'Method Self-attention only.', paperCount: 0 });
    expect(listing.body.tags).toEqual(['ml', 'thesis']);

    const linked = await create({ title: 'Linked', papers: [{ libraryPaperId: attention.libraryPaperId }] });
    const byPaper = await json(await notesRoute.GET(request(`/api/notes?paper=${attention.libraryPaperId}`)));
    expect(byPaper.body.notes.map((n: { id: string }) => n.id)).toEqual([linked.id]);

    expect((await noteRoute.DELETE(request(`/api/notes/${linked.id}`, { method: 'DELETE' }), params(linked.id))).status).toBe(200);
    expect((await noteRoute.GET(request(`/api/notes/${linked.id}`), params(linked.id))).status).toBe(404);
  });

  it('refuses a save made on an older version instead of overwriting the newer text', async () => {
    as(alice);
    const note = await create({ title: 'Two tabs', body: 'start' });
    expect((await patch(note.id, { version: 1, body: 'tab A' })).status).toBe(200);
    const stale = await json(await patch(note.id, { version: 1, body: 'tab B' }));
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const current = await json(await noteRoute.GET(request(`/api/notes/${note.id}`), params(note.id)));
    expect(current.body.note).toMatchObject({ body: 'tab A', version: 2 });
    // Knowing the current version, tab B may choose to keep its text.
    expect((await json(await patch(note.id, { version: 2, body: 'tab B' }))).body.note).toMatchObject({ body: 'tab B', version: 3 });
  });

  it('limits a note’s size: 400 naming the field past the character limit, 413 past the body limit', async () => {
    as(alice);
    const note = await create({ title: 'Long' });
    const tooLong = await json(await patch(note.id, { version: 1, body: 'x'.repeat(MAX_NOTE_CHARS + 1) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'validation_failed', issues: [{ path: 'body', code: 'note_too_long' }] });
    const huge = JSON.stringify({ version: 1, body: 'x'.repeat(MAX_NOTE_BODY_BYTES) });
    const refused = await json(await noteRoute.PATCH(request(`/api/notes/${note.id}`, { method: 'PATCH', raw: huge }), params(note.id)));
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe('payload_too_large');
    // The longest note allowed, in the script hardest to index (one unbroken run of Han characters), is saved and found.
    expect((await json(await patch(note.id, { version: 1, body: `${'长'.repeat(MAX_NOTE_CHARS - 4)}末尾检索` }))).status).toBe(200);
    expect(await search('检索')).toEqual(['Long']);
    const malformed = await json(await noteRoute.PATCH(request(`/api/notes/${note.id}`, { method: 'PATCH', raw: '{"version":' }), params(note.id)));
    expect(malformed).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
  });

  it('finds notes by words in English (stemmed, as prefixes) and in Chinese', async () => {
    as(alice);
    await create({ title: 'Transformers', body: 'Notes on attention mechanisms in sequence models.', tags: ['nlp'] });
    await create({ title: '中文分词', body: '基于深度学习的中文分词方法综述，比较了几种神经网络模型。' });
    await create({ title: 'Gardening', body: 'Tomatoes need sun.' });
    expect(await search('mechanism')).toEqual(['Transformers']);
    expect(await search('transf')).toEqual(['Transformers']);
    expect(await search('nlp')).toEqual(['Transformers']);
    expect(await search('深度学习')).toEqual(['中文分词']);
    expect(await search('神经网络')).toEqual(['中文分词']);
    expect(await search('分词')).toEqual(['中文分词']);
    expect(await search('quantum')).toEqual([]);
  });

  it('formats a note’s citations and bibliography in a style, and exports it as Markdown', async () => {
    as(alice);
    const rendered = await json(
      await citationsRoute.POST(
        request('/api/notes/citations', {
          body: { markers: [['vaswani2017attention'], ['lecun2015deep', 'vaswani2017attention'], ['nobody1999']], style: 'ieee' },
        }),
      ),
    );
    expect(rendered.body.citations).toEqual(['[1]', '[1], [2]', null]);
    expect(rendered.body.unknown).toEqual(['nobody1999']);
    expect(rendered.body.bibliography.map((entry: { key: string }) => entry.key)).toEqual(['vaswani2017attention', 'lecun2015deep']);
    expect(rendered.body.bibliography[0].text).toContain('Attention Is All You Need');

    const note = await create({ title: 'Export me', body: 'Transformers [@vaswani2017attention] replaced RNNs.' });
    const file = await exportRoute.POST(request(`/api/notes/${note.id}/export`, { body: { style: 'apa' } }), params(note.id));
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="export-me.md"');
    const text = await file.text();
    expect(text).toMatch(/^# Export me\n\nTransformers \(Vaswani et al\., 2017\) replaced RNNs\.\n\n## References\n\nVaswani, A\./);
  }, 60_000); // the citation engine's styles load on first use

  it('never shows, changes, links or removes another user’s notes', async () => {
    as(alice);
    const note = await create({ title: 'Private thoughts', body: 'secret words' });
    as(bob);
    expect((await json(await notesRoute.GET(request('/api/notes')))).body.notes).toEqual([]);
    expect(await search('secret')).toEqual([]);
    expect((await noteRoute.GET(request(`/api/notes/${note.id}`), params(note.id))).status).toBe(404);
    expect((await patch(note.id, { version: 1, body: 'mine now' })).status).toBe(404);
    expect((await noteRoute.DELETE(request(`/api/notes/${note.id}`, { method: 'DELETE' }), params(note.id))).status).toBe(404);
    expect((await exportRoute.POST(request(`/api/notes/${note.id}/export`, { body: { style: 'apa' } }), params(note.id))).status).toBe(404);
    // Bob's own note cannot link Alice's saved paper.
    as(alice);
    const { body: alicesLibrary } = await json(await libraryRoute.GET(request('/api/notes/library')));
    as(bob);
    const own = await create({ title: 'Bob’s' });
    const linking = await json(await patch(own.id, { version: 1, papers: [{ libraryPaperId: alicesLibrary.papers[0].libraryPaperId }] }));
    expect(linking).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    as(alice);
  });
});

describe('Row Level Security on the notes tables', () => {
  it('hides other users’ rows from queries without a user filter, and refuses writes for them', async () => {
    for (const who of [alice, bob]) {
      const rows = await runAsUser(api.handle, who.claims, (db) => db.select({ userId: notes.userId }).from(notes));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.userId))).toEqual(new Set([who.id]));
    }
    const [bobsNote] = await runAsUser(api.handle, bob.claims, (db) => db.select().from(notes).limit(1));
    const failure = await runAsUser(api.handle, alice.claims, async (db) => {
      const [paper] = await db.select().from(notes).limit(1);
      return db.insert(notePapers).values({ userId: alice.id, noteId: bobsNote!.id, libraryPaperId: paper!.id });
    }).catch((error: unknown) => error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/row-level security|foreign key/);
    const changed = await runAsUser(api.handle, alice.claims, (db) => db.update(notes).set({ body: 'hijacked' }).where(sqlEq(bobsNote!.id)).returning());
    expect(changed).toEqual([]);
  });
});

const { eq } = await import('@citewise/db/orm');
const sqlEq = (id: string) => eq(notes.id, id);
