import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from './blobs';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function store() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'citewise-blobs-'));
  dirs.push(dir);
  const blobs = new LocalBlobStore(dir);
  await blobs.init();
  return { dir, blobs };
}

describe('the local blob store', () => {
  it('writes, reads ranges, copies and removes', async () => {
    const { blobs } = await store();
    const written = await blobs.write(Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100);
    expect(written).toMatchObject({ size: 11, eTag: '"5eb63bbbe01eeed093cb22bb8f5acdc3"' });
    const chunks: Buffer[] = [];
    for await (const chunk of await blobs.read(written.version, { start: 6, end: 10 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    const copy = await blobs.copy(written.version);
    await blobs.remove(written.version);
    await expect(blobs.read(written.version)).rejects.toMatchObject({ code: 'NoSuchKey' });
    expect(copy).not.toBe(written.version);
  });

  it('stops at the limit and leaves no file, finished or temporary', async () => {
    const { dir, blobs } = await store();
    await expect(blobs.write(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).rejects.toMatchObject({ statusCode: 413 });
    expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
    expect(await fs.readdir(path.join(dir, 'objects'))).toEqual([]);
  });

  it('sweeps old blobs that no row names, and nothing else', async () => {
    const { blobs } = await store();
    const kept = await blobs.write(Readable.from([Buffer.from('kept')]), 100);
    const orphan = await blobs.write(Readable.from([Buffer.from('orphan')]), 100);
    const fresh = await blobs.write(Readable.from([Buffer.from('fresh')]), 100);
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const v of [kept.version, orphan.version]) await fs.utimes(path.join(blobs.root, 'objects', v.slice(0, 2), v), old, old);
    const removed = await blobs.sweep(async (versions) => new Set(versions.filter((v) => v === kept.version)));
    expect(removed).toBe(1);
    await expect(blobs.read(orphan.version)).rejects.toMatchObject({ code: 'NoSuchKey' });
    (await blobs.read(kept.version)).destroy();
    (await blobs.read(fresh.version)).destroy();
  });
});
