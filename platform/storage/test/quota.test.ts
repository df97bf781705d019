// The host's per-owner quota: an upload or copy that would pass it is refused, whether its size is declared
// up front or only found while the bytes stream in, and nothing of it is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorage, STORAGE, type Harness } from './harness';

const QUOTA = 1000;
let h: Harness;
beforeAll(async () => {
  h = await startStorage({}, { quota: async (_owner, bucket) => (bucket === 'files' ? QUOTA : null) });
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
    // Buckets without a quota take what their own limits allow.
    const image = new Blob([new Uint8Array(1500)], { type: 'image/png' });
    expect((await other.client.storage.from('avatars').upload(`${other.id}/me.png`, image)).error).toBeNull();
  });
});
