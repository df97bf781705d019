import { NextRequest } from 'next/server';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { subscriptions } from '@/lib/db/schema';
import type { SessionUser } from '@/lib/auth/session';
import { SITE, setUpWebApi } from '@/test/web-api';

// The files page's server side against the real auth and storage services in this process: the plan's quota
// as the storage service enforces it (whoever uploads), and GET /api/files/usage.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));

const MIB = 1024 * 1024;
// Small files limit, so the Free plan's 200 MB is reached with a few uploads rather than 200 MB of them.
const api = setUpWebApi({ auth: {}, storage: { env: { STORAGE_FILE_SIZE_LIMIT: String(80 * MIB) }, quota: (handle) => storageQuota(handle) } });

const usageRoute = await import('@/app/api/files/usage/route');
const { storageQuota } = await import('./server/storage-quota');
const { fileKey } = await import('@/lib/files/file-keys');

async function newUser(): Promise<{ user: SessionUser; supabase: SupabaseClient }> {
  const { user, client } = await api.signUp('files');
  return { user, supabase: client };
}

const bytes = (n: number, type = 'application/pdf') => new Blob([new Uint8Array(n)], { type });

describe('GET /api/files/usage', () => {
  it('refuses signed-out requests', async () => {
    api.signIn(null);
    const response = await usageRoute.GET(new NextRequest(`${SITE}/api/files/usage`));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('answers the bytes used against the plan and the bucket limits, counting only the user', async () => {
    const other = await newUser();
    expect((await other.supabase.storage.from('files').upload(fileKey(other.user.id, [], 'theirs.pdf'), bytes(4000))).error).toBeNull();
    const { user, supabase } = await newUser();
    expect((await supabase.storage.from('files').upload(fileKey(user.id, ['综述'], 'a.pdf'), bytes(1500))).error).toBeNull();
    const response = await usageRoute.GET(new NextRequest(`${SITE}/api/files/usage`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      planId: 'free',
      usedBytes: 1500,
      quotaBytes: 200 * MIB,
      fileSizeLimit: 50 * MIB,
      allowedMimeTypes: expect.arrayContaining(['application/pdf', 'text/markdown']),
    });
  });
});

describe('the plan quota in the storage service', () => {
  it('refuses the upload that would pass the Free plan, and lifts the limit on Pro', async () => {
    const { user, supabase } = await newUser();
    const files = supabase.storage.from('files');
    for (const name of ['1.pdf', '2.pdf', '3.pdf', '4.pdf']) expect((await files.upload(fileKey(user.id, [], name), bytes(45 * MIB))).error).toBeNull();
    const refused = await files.upload(fileKey(user.id, [], '5.pdf'), bytes(45 * MIB));
    expect(refused.error).toMatchObject({ statusCode: '413', message: 'The upload would exceed the storage quota of this account' });
    // The avatar bucket is not counted against the files quota.
    expect((await supabase.storage.from('avatars').upload(`${user.id}/me.png`, bytes(1000, 'image/png'))).error).toBeNull();
    await api.handle.db.insert(subscriptions).values({ userId: user.id, planId: 'pro' });
    expect((await files.upload(fileKey(user.id, [], '5.pdf'), bytes(45 * MIB))).error).toBeNull();
  }, 60_000);
});
