import { NextRequest } from 'next/server';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { createLocalSource, sourceRegistry } from '@citewise/scholar';
import { testPapers } from '@/test/fixtures/papers';
import { SITE, setUpWebApi } from '@/test/web-api';
import type { SessionUser } from '@/lib/auth/session';

// PDFs of My files attached to library papers: the routes against the real auth and storage services in this
// process, as two users. The link follows a renamed or moved file, goes with a deleted file or paper without
// touching the other, and never reaches another user's file or paper.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
const api = setUpWebApi({ auth: {}, storage: {} });

const filesRoute = await import('@/app/api/library/papers/[id]/files/route');
const fileRoute = await import('@/app/api/library/papers/[id]/files/[objectId]/route');
const paperRoute = await import('@/app/api/library/papers/[id]/route');
const pdfsRoute = await import('@/app/api/files/pdfs/route');
const { savePaper } = await import('./server/save-paper');
const { fileKey } = await import('@/lib/files/file-keys');

/** Saving checks the paper: against the local corpus of the test database here. */
const localSources = () => sourceRegistry([createLocalSource(api.handle.db)], 5000);
type Person = { user: SessionUser; supabase: SupabaseClient };

async function newUser(): Promise<Person> {
  const { user, client } = await api.signUp('papers', { signIn: false });
  return { user, supabase: client };
}

const pdf = new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' });
const call = (
  handler: (r: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) =>
  handler(
    new NextRequest(`${SITE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      headers: { 'content-type': 'application/json' },
    }),
    { params: Promise.resolve(params) },
  );
const list = (paperId: string) => call(filesRoute.GET, `/api/library/papers/${paperId}/files`, { id: paperId });
const attach = (paperId: string, key: string) => call(filesRoute.POST, `/api/library/papers/${paperId}/files`, { id: paperId }, { body: { key } });

describe('files attached to library papers', () => {
  it('attaches a PDF, follows it through a rename and move, and forgets it once the file is deleted', async () => {
    const me = await newUser();
    api.signIn(me.user);
    const paper = await savePaper(me.user.claims, localSources(), testPapers[0]!);
    const key = fileKey(me.user.id, [], '注意力.pdf');
    expect((await me.supabase.storage.from('files').upload(key, pdf)).error).toBeNull();

    const attached = await attach(paper.id, key);
    expect(attached.status).toBe(200);
    const { file } = await attached.json();
    expect(file).toMatchObject({ key, name: '注意力.pdf', folder: [], type: 'application/pdf' });
    expect((await attach(paper.id, key)).status).toBe(200);

    const moved = fileKey(me.user.id, ['论文'], 'Vaswani 2017.pdf');
    expect((await me.supabase.storage.from('files').move(key, moved)).error).toBeNull();
    const after = await (await list(paper.id)).json();
    expect(after.files).toEqual([expect.objectContaining({ objectId: file.objectId, key: moved, name: 'Vaswani 2017.pdf', folder: ['论文'] })]);

    expect((await me.supabase.storage.from('files').remove([moved])).error).toBeNull();
    expect((await (await list(paper.id)).json()).files).toEqual([]);
    // The paper is still there.
    expect(
      (
        await paperRoute.PATCH(
          new NextRequest(`${SITE}/api/library/papers/${paper.id}`, {
            method: 'PATCH',
            body: JSON.stringify({ note: 'kept' }),
            headers: { 'content-type': 'application/json' },
          }),
          { params: Promise.resolve({ id: paper.id }) },
        )
      ).status,
    ).toBe(200);
  });

  it('detaches a file and loses it with its paper, leaving the file in My files', async () => {
    const me = await newUser();
    api.signIn(me.user);
    const paper = await savePaper(me.user.claims, localSources(), testPapers[0]!);
    const key = fileKey(me.user.id, [], 'paper.pdf');
    expect((await me.supabase.storage.from('files').upload(key, pdf)).error).toBeNull();
    const { file } = await (await attach(paper.id, key)).json();

    const detached = await call(fileRoute.DELETE, '/x', { id: paper.id, objectId: file.objectId }, { method: 'DELETE' });
    expect(detached.status).toBe(200);
    expect((await call(fileRoute.DELETE, '/x', { id: paper.id, objectId: file.objectId }, { method: 'DELETE' })).status).toBe(404);
    expect((await (await list(paper.id)).json()).files).toEqual([]);

    await attach(paper.id, key);
    const removed = await paperRoute.DELETE(new NextRequest(`${SITE}/api/library/papers/${paper.id}`, { method: 'DELETE' }), {
      params: Promise.resolve({ id: paper.id }),
    });
    expect(removed.status).toBe(200);
    expect((await list(paper.id)).status).toBe(404);
    expect((await me.supabase.storage.from('files').exists(key)).data).toBe(true);
  });

  it("refuses another user's paper or file, a file that is not a PDF, and a malformed key", async () => {
    const other = await newUser();
    const me = await newUser();
    api.signIn(other.user);
    const theirPaper = await savePaper(other.user.claims, localSources(), testPapers[0]!);
    const theirKey = fileKey(other.user.id, [], 'theirs.pdf');
    expect((await other.supabase.storage.from('files').upload(theirKey, pdf)).error).toBeNull();

    api.signIn(me.user);
    const myPaper = await savePaper(me.user.claims, localSources(), testPapers[0]!);
    const myKey = fileKey(me.user.id, [], 'mine.pdf');
    expect((await me.supabase.storage.from('files').upload(myKey, pdf)).error).toBeNull();
    const notes = fileKey(me.user.id, [], 'notes.txt');
    expect((await me.supabase.storage.from('files').upload(notes, new Blob(['hi'], { type: 'text/plain' }))).error).toBeNull();

    for (const [response, status, code] of [
      [await attach(myPaper.id, theirKey), 404, 'not_found'],
      [await attach(theirPaper.id, myKey), 404, 'not_found'],
      [await list(theirPaper.id), 404, 'not_found'],
      [await attach(myPaper.id, notes), 400, 'validation_failed'],
      [await attach(myPaper.id, `${me.user.id}/../${other.user.id}/theirs.pdf`), 400, 'validation_failed'],
      [await attach('not-a-uuid', myKey), 404, 'not_found'],
    ] as const) {
      expect(response.status).toBe(status);
      expect((await response.json()).error.code).toBe(code);
    }
    api.signIn(null);
    expect((await list(myPaper.id)).status).toBe(401);
    // Nothing of the other user's was linked.
    api.signIn(other.user);
    expect((await (await list(theirPaper.id)).json()).files).toEqual([]);
  });

  it("offers only the user's own PDFs to choose from, found by name or folder", async () => {
    const other = await newUser();
    expect((await other.supabase.storage.from('files').upload(fileKey(other.user.id, [], '综述 theirs.pdf'), pdf)).error).toBeNull();
    const me = await newUser();
    api.signIn(me.user);
    for (const [folder, name] of [
      [['综述'], 'a.pdf'],
      [[], 'Attention.pdf'],
    ] as const) {
      expect((await me.supabase.storage.from('files').upload(fileKey(me.user.id, folder, name), pdf)).error).toBeNull();
    }
    expect((await me.supabase.storage.from('files').upload(fileKey(me.user.id, [], 'notes.txt'), new Blob(['x'], { type: 'text/plain' }))).error).toBeNull();
    const names = async (q: string) => {
      const response = await pdfsRoute.GET(new NextRequest(`${SITE}/api/files/pdfs?q=${encodeURIComponent(q)}`));
      expect(response.status).toBe(200);
      return ((await response.json()).files as { name: string }[]).map((file) => file.name).sort();
    };
    expect(await names('')).toEqual(['Attention.pdf', 'a.pdf']);
    expect(await names('综述')).toEqual(['a.pdf']);
    expect(await names('attention')).toEqual(['Attention.pdf']);
    const tooLong = await pdfsRoute.GET(new NextRequest(`${SITE}/api/files/pdfs?q=${'x'.repeat(201)}`));
    expect(tooLong.status).toBe(400);
  });
});
