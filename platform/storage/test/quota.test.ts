// The host's per-owner quota over every bucket: an upload or copy that would pass it is refused, whether its size
// is declared up front or only found while the bytes stream in, parallel uploads never pass it together, and
// nothing of a refused write is kept. Moves obey the destination bucket's limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorage, STORAGE, type Harness } from './harness';

const QUOTA = 1000;
let h: Harness;
beforeAll(async () => {
  h = await startStorage({}, { quota: async () => QUOTA });
});
afterAll(async () => h?.close());

const text = (bytes: number) => new Blob([new Uint8Array(bytes).fill(97)], { type: 'text/plain' });

describe('storage quota', () => {
  it('accepts uploads up to the quota and refuses the one that would pass it', async () => {
    const { id, client } = await h.user();
    const files = client.storage.from('files');
    expect((await files.upload(`${id}/a.txt`, text(600))).error).toBeNull();
    const refused = await files.upload(`${id}/b.txt`, text(500));
    expect(refused.error).toMatchObject({ statusCode: '413', message: 'The upload would exceed the storage quota of this account' });
    expect((await files.list(id)).data!.map((entry) => entry.name)).toEqual(['a.txt']);
    // Replacing a file counts only the new bytes.
    expect((await files.upload(`${id}/a.txt`, text(900), { upsert: true })).error).toBeNull();
    expect((await files.copy(`${id}/a.txt`, `${id}/c.txt`)).error).toMatchObject({ statusCode: '413' });
    expect((await files.upload(`${id}/d.txt`, text(100))).error).toBeNull();
  });

  it('counts a body without a declared size while it streams, and keeps each owner apart', async () => {
    const { id, token } = await h.user();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 12; i++) controller.enqueue(new Uint8Array(100).fill(98));
        controller.close();
      },
    });
    const response = await h.fetch(`${STORAGE}/object/files/${id}/stream.txt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: h.anonKey, 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '413', code: 'QuotaExceeded' });
    const other = await h.user();
    expect((await other.client.storage.from('files').upload(`${other.id}/fits.txt`, text(QUOTA))).error).toBeNull();
    // Every bucket counts toward the one quota: with the files full, no picture fits either.
    const image = new Blob([new Uint8Array(10)], { type: 'image/png' });
    expect((await other.client.storage.from('avatars').upload(`${other.id}/me.png`, image)).error).toMatchObject({ statusCode: '413' });
  });

  it('never lets parallel uploads pass the quota together', async () => {
    const { id, client } = await h.user();
    const files = client.storage.from('files');
    // Each fits alone (300 of 1000 bytes); together 8 would be 2400.
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => files.upload(`${id}/p${i}.txt`, text(300))));
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    for (const refused of results.filter((r) => r.error !== null)) expect(refused.error).toMatchObject({ statusCode: '413' });
    const { data } = await h.admin().storage.from('files').list(id, { limit: 100 });
    expect(data!.reduce((sum, entry) => sum + (entry.metadata?.size as number), 0)).toBe(900);
    // Parallel copies too.
    const copies = await Promise.all(Array.from({ length: 4 }, (_, i) => files.copy(`${id}/${data![0]!.name}`, `${id}/copy${i}.txt`)));
    expect(copies.filter((r) => r.error === null)).toHaveLength(0);
  });

  it('moves an object into another bucket only within its limits and types, and the usage stays', async () => {
    const { id, client } = await h.user();
    const files = client.storage.from('files');
    expect((await files.upload(`${id}/paper.pdf`, new Blob(['%PDF-1.4 x'], { type: 'application/pdf' }))).error).toBeNull();
    // A PDF is not a picture: the avatars bucket refuses it, and the file stays where it was.
    const refused = await files.move(`${id}/paper.pdf`, `${id}/me.png`, { destinationBucket: 'avatars' });
    expect(refused.error).toMatchObject({ statusCode: '415' });
    expect((await files.exists(`${id}/paper.pdf`)).data).toBe(true);
    expect((await client.storage.from('avatars').exists(`${id}/me.png`)).data).toBe(false);
    // A picture moves, and the bytes still count.
    expect((await files.upload(`${id}/me.png`, new Blob([new Uint8Array(900)], { type: 'image/png' }))).error).toBeNull();
    expect((await files.move(`${id}/me.png`, `${id}/me.png`, { destinationBucket: 'avatars' })).error).toBeNull();
    expect((await files.upload(`${id}/more.txt`, text(200))).error).toMatchObject({ statusCode: '413' });
  });

  it('moves nothing past the destination size limit', async () => {
    const { id, client } = await h.user();
    expect((await client.storage.from('files').upload(`${id}/notes.txt`, text(200))).error).toBeNull();
    const admin = h.admin().storage;
    expect((await admin.createBucket('tiny', { public: false, fileSizeLimit: 100 })).error).toBeNull();
    const moved = await admin.from('files').move(`${id}/notes.txt`, `${id}/notes.txt`, { destinationBucket: 'tiny' });
    expect(moved.error).toMatchObject({ statusCode: '413' });
    expect((await client.storage.from('files').exists(`${id}/notes.txt`)).data).toBe(true);
  });
});
