// Buckets through the official supabase-js storage client: the service role manages them, users and anon cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorage, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startStorage();
});
afterAll(async () => h?.close());

describe('buckets', () => {
  it('creates the product buckets at start: files private, avatars public with raster image types', async () => {
    const { data, error } = await h.admin().storage.listBuckets();
    expect(error).toBeNull();
    const byId = Object.fromEntries(data!.map((b) => [b.id, b]));
    expect(byId.files).toMatchObject({ public: false, file_size_limit: 50 * 1024 * 1024 });
    expect(byId.avatars).toMatchObject({
      public: true,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    });
  });

  it('lets the service role create, read, update, empty and delete a bucket', async () => {
    const admin = h.admin().storage;
    expect((await admin.createBucket('reports', { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['image/*'] })).data).toEqual({ name: 'reports' });
    const { data: bucket } = await admin.getBucket('reports');
    expect(bucket).toMatchObject({ id: 'reports', name: 'reports', public: false, file_size_limit: 2_000_000, allowed_mime_types: ['image/*'] });

    const duplicate = await admin.createBucket('reports');
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });

    expect((await admin.updateBucket('reports', { public: true, fileSizeLimit: null })).data).toEqual({ message: 'Successfully updated' });
    expect((await admin.getBucket('reports')).data).toMatchObject({ public: true, file_size_limit: null });

    await admin.from('reports').upload('a.png', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }));
    const refused = await admin.deleteBucket('reports');
    expect(refused.error).toMatchObject({ status: 400, statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await admin.emptyBucket('reports')).error).toBeNull();
    expect((await admin.from('reports').list()).data).toEqual([]);
    expect((await admin.deleteBucket('reports')).data).toEqual({ message: 'Successfully deleted' });
    expect((await admin.getBucket('reports')).error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('validates bucket input', async () => {
    const admin = h.admin().storage;
    expect((await admin.createBucket('bad/name')).error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    expect((await admin.createBucket('x', { public: false, fileSizeLimit: 'ten' })).error?.message).toMatch(/Invalid file size format/);
    expect((await admin.createBucket('y', { public: false, fileSizeLimit: '6GB' })).error).toMatchObject({ statusCode: '413' });
    expect((await admin.createBucket('z', { public: false, allowedMimeTypes: ['not a type'] })).error).toMatchObject({ statusCode: '415' });
    const malformed = await h.fetch(`${h.storage.config ? 'http://localhost:3000/platform/storage/v1' : ''}/bucket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ statusCode: '400', error: expect.any(String), message: 'Body is not valid JSON' });
  });

  it('refuses bucket management to anon and to signed-in users', async () => {
    const anon = h.anon().storage;
    expect((await anon.listBuckets()).data).toEqual([]);
    expect((await anon.createBucket('mine')).error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await anon.getBucket('files')).error).toMatchObject({ statusCode: '404' });
    expect((await anon.deleteBucket('files')).error).toMatchObject({ statusCode: '404' });

    const { client } = await h.user();
    expect((await client.storage.listBuckets()).data!.map((b) => b.id).sort()).toEqual(['avatars', 'files']);
    expect((await client.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
    expect((await client.storage.updateBucket('files', { public: true })).error).toMatchObject({ statusCode: '404' });
    expect((await client.storage.deleteBucket('files')).error).toMatchObject({ statusCode: '404' });
    const empty = await client.storage.emptyBucket('files');
    expect(empty.error).toMatchObject({ status: 403, statusCode: '403', message: 'Access denied: Invalid role' });
    expect((await h.admin().storage.getBucket('files')).data).toMatchObject({ public: false });
  });

  it('answers a bad or missing token with AccessDenied and an unknown route with 404', async () => {
    const base = 'http://localhost:3000/platform/storage/v1';
    const bad = await h.fetch(`${base}/bucket`, { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized' });
    const none = await h.fetch(`${base}/bucket`);
    expect(await none.json()).toMatchObject({ statusCode: '403' });
    const unknown = await h.fetch(`${base}/nowhere`, { headers: { authorization: `Bearer ${h.anonKey}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: '404', message: 'Route GET:/nowhere not found' });
  });
});
