// Objects through the official supabase-js storage client, as a researcher's browser and the server use them:
// uploads, access between users, listing, move, copy and remove (signed URLs and downloads: object-downloads.test.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, startStorage, type Harness } from './harness';

let h: Harness;
let alice: { id: string; client: SupabaseClient; token: string };
let bob: { id: string; client: SupabaseClient; token: string };

const pdf = (text: string) => new Blob([`%PDF-1.4\n${text}\n%%EOF\n`], { type: 'application/pdf' });

beforeAll(async () => {
  h = await startStorage({ STORAGE_FILE_SIZE_LIMIT: String(5 * 1024 * 1024) });
  alice = await h.user();
  bob = await h.user();
});
afterAll(async () => h?.close());

async function blobFiles(): Promise<string[]> {
  const root = path.join(h.dataDir, 'storage', 'objects');
  const dirs = await fs.readdir(root);
  return (await Promise.all(dirs.map(async (d) => (await fs.readdir(path.join(root, d))).map((f) => `${d}/${f}`)))).flat();
}

describe('uploads and downloads', () => {
  it('uploads a file into the user folder and reads it back with info and exists', async () => {
    const files = alice.client.storage.from('files');
    const { data, error } = await files.upload(`${alice.id}/papers/attention.pdf`, pdf('one'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: `${alice.id}/papers/attention.pdf`, fullPath: `files/${alice.id}/papers/attention.pdf`, id: expect.any(String) });

    const download = await files.download(`${alice.id}/papers/attention.pdf`);
    expect(await download.data!.text()).toBe('%PDF-1.4\none\n%%EOF\n');
    expect(download.data!.type).toBe('application/pdf');

    const info = await files.info(`${alice.id}/papers/attention.pdf`);
    expect(info.data).toMatchObject({
      id: data!.id,
      name: `${alice.id}/papers/attention.pdf`,
      bucketId: 'files',
      size: 19,
      contentType: 'application/pdf',
      cacheControl: 'max-age=3600',
    });
    expect((await files.exists(`${alice.id}/papers/attention.pdf`)).data).toBe(true);
    expect((await files.exists(`${alice.id}/papers/nothing.pdf`)).data).toBe(false);
  });

  it('refuses an existing key without upsert, replaces it with upsert (same id) and with update', async () => {
    const files = alice.client.storage.from('files');
    const key = `${alice.id}/notes.txt`;
    const first = await files.upload(key, 'first', { contentType: 'text/plain' });
    const again = await files.upload(key, 'second', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    const upserted = await files.upload(key, 'second', { contentType: 'text/plain', upsert: true });
    expect(upserted.data!.id).toBe(first.data!.id);
    expect(await (await files.download(key)).data!.text()).toBe('second');
    await files.update(key, 'third', { contentType: 'text/plain' });
    expect(await (await files.download(key)).data!.text()).toBe('third');
    // Each overwrite removed the blob it replaced: one blob per object is left.
    const { data: rows } = await h.admin().storage.from('files').list(alice.id, { limit: 1000 });
    expect(rows!.some((r) => r.name === 'notes.txt')).toBe(true);
  });

  it('enforces the bucket types and size limits, and leaves nothing behind', async () => {
    const files = alice.client.storage.from('files');
    const before = await blobFiles();
    const wrongType = await files.upload(`${alice.id}/page.html`, new Blob(['<script>x</script>'], { type: 'text/html' }));
    expect(wrongType.error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });

    const avatars = alice.client.storage.from('avatars');
    const big = new Blob([new Uint8Array(1024 * 1024 + 1)], { type: 'image/png' });
    expect((await avatars.upload(`${alice.id}/me.png`, big)).error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });

    // A raw body with no declared length is cut while it streams, past the limit.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3 * 1024 * 1024) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await h.fetch(`${STORAGE}/object/avatars/${alice.id}/stream.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'image/png' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '413' });
    expect(sent).toBeLessThan(3 * 1024 * 1024);
    expect(await blobFiles()).toEqual(before);
    expect((await avatars.exists(`${alice.id}/stream.png`)).data).toBe(false);
    // A failed upload's temporary file is removed as its write winds down, which can end just after the answer.
    await expect.poll(() => fs.readdir(path.join(h.dataDir, 'storage', 'tmp')), { timeout: 5_000 }).toEqual([]);
  });

  it('refuses path traversal, absolute paths, NUL, non-ASCII and overlong keys with InvalidKey', async () => {
    const files = alice.client.storage.from('files');
    for (const key of [`${alice.id}/%00.pdf`, `${alice.id}/a\u0000b.pdf`, `${alice.id}/論文.pdf`, `${alice.id}/${'a'.repeat(1100)}.pdf`]) {
      const { error } = await files.upload(key, pdf('x'));
      expect(error, key).toMatchObject({ status: 400, statusCode: '400' });
      expect(error!.message).toMatch(/^Invalid key/);
    }
    const raw = await h.fetch(`${STORAGE}/object/files/%2Fetc%2Fpasswd`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(await raw.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    // URLs resolve literal `..` before sending (the request then lands in another user's folder and is refused);
    // dot segments that reach the server some other way are refused as keys (names.test.ts).
    expect((await files.upload(`${alice.id}/../${bob.id}/x.pdf`, pdf('x'))).error).toMatchObject({ statusCode: '403' });
    for (const encoded of [`${alice.id}//x.pdf`, `${alice.id}/a%2F..%2Fb.pdf`, `%2F${alice.id}/x.pdf`]) {
      const response = await h.fetch(`${STORAGE}/object/files/${encoded}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/pdf' },
        body: '%PDF',
      });
      expect(await response.json(), encoded).toMatchObject({ code: 'InvalidKey' });
    }
    expect((await h.admin().storage.from('files').list(bob.id)).data!.map((e) => e.name)).not.toContain('x.pdf');
  });
});

describe('access between users', () => {
  it('keeps a user out of another user folder: no read, write, list, sign, move, copy or delete', async () => {
    const key = `${alice.id}/private/secret.pdf`;
    await alice.client.storage.from('files').upload(key, pdf('secret'));
    const theirs = bob.client.storage.from('files');
    expect((await theirs.download(key)).error).toMatchObject({ status: 400 });
    expect((await theirs.info(key)).error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    expect((await theirs.list(`${alice.id}/private`)).data).toEqual([]);
    expect((await theirs.createSignedUrl(key, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await theirs.upload(`${alice.id}/planted.pdf`, pdf('x'))).error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await theirs.upload(key, pdf('overwrite'), { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await theirs.move(key, `${bob.id}/stolen.pdf`)).error).toMatchObject({ statusCode: '404' });
    expect((await theirs.copy(key, `${bob.id}/stolen.pdf`)).error).toMatchObject({ statusCode: '404' });
    expect((await theirs.remove([key])).data).toEqual([]);
    expect((await theirs.createSignedUploadUrl(`${alice.id}/drop.pdf`)).error).toMatchObject({ statusCode: '403' });
    // Moving one's own file into someone else's folder is refused by the policy's check.
    await theirs.upload(`${bob.id}/mine.pdf`, pdf('mine'));
    expect((await theirs.move(`${bob.id}/mine.pdf`, `${alice.id}/gift.pdf`)).error).toMatchObject({ statusCode: '403' });
    expect(await (await alice.client.storage.from('files').download(key)).data!.text()).toContain('secret');
  });

  it('gives the anon key nothing in a private bucket and reads of public ones only', async () => {
    const anon = h.anon().storage;
    expect((await anon.from('files').list(alice.id)).data).toEqual([]);
    expect((await anon.from('files').download(`${alice.id}/private/secret.pdf`)).error).toMatchObject({ status: 400 });
    expect((await anon.from('files').upload(`${alice.id}/x.pdf`, pdf('x'))).error).toMatchObject({ statusCode: '403' });
    const noToken = await h.fetch(`${STORAGE}/object/files/${alice.id}/private/secret.pdf`);
    expect(await noToken.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });

    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect((await alice.client.storage.from('avatars').upload(`${alice.id}/avatar.png`, png)).error).toBeNull();
    const { publicUrl } = anon.from('avatars').getPublicUrl(`${alice.id}/avatar.png`).data;
    expect(publicUrl).toBe(`${STORAGE}/object/public/avatars/${alice.id}/avatar.png`);
    const open = await h.fetch(publicUrl);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/png');
    expect((await h.fetch(`${STORAGE}/object/public/files/${alice.id}/private/secret.pdf`)).status).toBe(400);
    expect((await bob.client.storage.from('avatars').upload(`${alice.id}/avatar.png`, png, { upsert: true })).error).toMatchObject({ statusCode: '403' });
  });

  it('lets the service role reach every object', async () => {
    const admin = h.admin().storage.from('files');
    expect(await (await admin.download(`${alice.id}/private/secret.pdf`)).data!.text()).toContain('secret');
  });
});

describe('listing', () => {
  it('pages at 100, shows folders as entries with id null, sorts and searches', async () => {
    const admin = h.admin().storage;
    await admin.createBucket('paging');
    const bucket = admin.from('paging');
    for (let i = 0; i < 120; i++) await bucket.upload(`docs/file-${String(i).padStart(3, '0')}.txt`, `n${i}`, { contentType: 'text/plain' });
    await bucket.upload('docs/sub/deep.txt', 'deep', { contentType: 'text/plain' });
    await bucket.upload('docs/Zeta/x.txt', 'z', { contentType: 'text/plain' });

    const page1 = (await bucket.list('docs')).data!;
    expect(page1).toHaveLength(100);
    const page2 = (await bucket.list('docs', { offset: 100 })).data!;
    expect(page2).toHaveLength(22);
    const names = [...page1, ...page2].map((e) => e.name);
    expect(names.slice(0, 2)).toEqual(['file-000.txt', 'file-001.txt']);
    expect(names.slice(-2)).toEqual(['sub', 'Zeta']);
    expect(page2.at(-1)).toEqual({ name: 'Zeta', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    expect(page1[0]).toMatchObject({ id: expect.any(String), metadata: { size: 2, mimetype: 'text/plain', eTag: expect.stringMatching(/^".+"$/) } });

    const searched = (await bucket.list('docs', { search: 'file-11' })).data!.map((e) => e.name);
    expect(searched).toEqual([
      'file-110.txt',
      'file-111.txt',
      'file-112.txt',
      'file-113.txt',
      'file-114.txt',
      'file-115.txt',
      'file-116.txt',
      'file-117.txt',
      'file-118.txt',
      'file-119.txt',
    ]);
    const desc = (await bucket.list('docs', { limit: 2, sortBy: { column: 'name', order: 'desc' } })).data!.map((e) => e.name);
    expect(desc).toEqual(['Zeta', 'sub']);
    const root = (await bucket.list()).data!;
    expect(root).toEqual([expect.objectContaining({ name: 'docs', id: null })]);
    expect((await bucket.list('nowhere')).data).toEqual([]);
  });
});

describe('move, copy and remove', () => {
  it('moves within the user folder keeping the id, copies with a new id, removes many at once', async () => {
    const files = alice.client.storage.from('files');
    const { data: up } = await files.upload(`${alice.id}/inbox/a.pdf`, pdf('a'));
    expect((await files.move(`${alice.id}/inbox/a.pdf`, `${alice.id}/read/a.pdf`)).data).toEqual({ message: 'Successfully moved' });
    expect((await files.info(`${alice.id}/read/a.pdf`)).data!.id).toBe(up!.id);
    expect((await files.exists(`${alice.id}/inbox/a.pdf`)).data).toBe(false);

    const copied = await files.copy(`${alice.id}/read/a.pdf`, `${alice.id}/read/a-copy.pdf`);
    expect(copied.data).toEqual({ path: `files/${alice.id}/read/a-copy.pdf` });
    expect(await (await files.download(`${alice.id}/read/a-copy.pdf`)).data!.text()).toContain('a');
    expect((await files.info(`${alice.id}/read/a-copy.pdf`)).data!.id).not.toBe(up!.id);
    expect((await files.copy(`${alice.id}/read/a.pdf`, `${alice.id}/read/a-copy.pdf`)).error).toMatchObject({ statusCode: '409' });
    expect((await files.move(`${alice.id}/read/a.pdf`, `${alice.id}/read/a-copy.pdf`)).error).toMatchObject({ statusCode: '409' });

    const removed = await files.remove([`${alice.id}/read/a.pdf`, `${alice.id}/read/a-copy.pdf`, `${alice.id}/read/missing.pdf`]);
    expect(removed.data!.map((r) => r.name).sort()).toEqual([`${alice.id}/read/a-copy.pdf`, `${alice.id}/read/a.pdf`]);
    expect((await files.list(`${alice.id}/read`)).data).toEqual([]);
  });
});
