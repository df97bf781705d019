import { NextRequest } from 'next/server';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createAiService, loadAiConfig } from '@citewise/platform-ai';
import { testPapers } from '@/test/fixtures/papers';
import { PASSWORD } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';
import type { SessionUser } from '@/lib/auth/session';
import { aiUsage, libraryPapers, notes, subscriptions } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';

// The export and delete-account routes against a real database and the real auth service (in this process),
// with supabase-js as the product uses it: the user's own client for sign-up, the service role on the server.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
const api = setUpWebApi({
  auth: {},
  storage: {},
  // The embedded AI runtime: deletion and the export reach what it keeps for the user.
  ai: (handle) => createAiService({ db: handle.db, basePath: '/platform', config: loadAiConfig({}) }),
});

const exportRoute = await import('@/app/api/user/export/route');
const deleteRoute = await import('@/app/api/user/delete-account/route');
const { userTables } = await import('./server/user-data');

const { encodeName } = await import('@/lib/files/file-keys');

const browserClient = (): SupabaseClient => api.client();

/** A new account, signed in: it becomes the session the routes see. */
const newUser = (label: string) => api.signUp(label, { data: { full_name: `${label} Lovelace`, affiliation: 'Analytical Society' } });

async function seed(user: SessionUser) {
  await runAsUser(api.handle, user.claims, async (db) => {
    await db.insert(libraryPapers).values({ userId: user.id, paperId: testPapers[0]!.id, paper: testPapers[0]!, note: 'Read §3', tags: ['thesis'] });
    await db.insert(subscriptions).values({ userId: user.id });
    await db.insert(aiUsage).values({ userId: user.id, appId: 'research', day: '2026-11-24', messages: 2, totalTokens: 300 });
    await db
      .insert(notes)
      .values({ userId: user.id, title: 'On §3', body: 'Compare with [@smith2020].', tags: ['thesis'], search: sql`to_tsvector('simple', 'On §3')` });
  });
}

/** Two files (one in a folder with a Chinese name) and an avatar, uploaded with the user's own session. */
async function seedFiles(user: SessionUser, client: SupabaseClient) {
  const files = client.storage.from('files');
  expect((await files.upload(`${user.id}/paper.pdf`, new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }))).error).toBeNull();
  expect((await files.upload(`${user.id}/${encodeName('论文')}/notes.md`, new Blob(['# notes'], { type: 'text/markdown' }))).error).toBeNull();
  expect(
    (await client.storage.from('avatars').upload(`${user.id}/me.png`, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }))).error,
  ).toBeNull();
}

async function objectsOf(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from storage.objects where owner_id = ${userId}`);
  return row!.n;
}

const request = (path: string, body?: unknown) =>
  new NextRequest(`http://localhost${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of userTables) {
    const rows = await queryRows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from ${sql.identifier('app')}.${sql.identifier(name)} where user_id = ${userId}`,
    );
    counts[name] = rows[0]!.n;
  }
  return counts;
}

describe('deleting an account removes every user table', () => {
  it('lists every app table that has a user_id column', async () => {
    const tables = await queryRows<{ table_name: string }>(
      api.handle.db,
      sql`select table_name from information_schema.columns where table_schema = 'app' and column_name = 'user_id' order by table_name`,
    );
    expect(userTables.map((table) => table.name).sort()).toEqual(tables.map((row) => row.table_name).sort());
  });
});

describe('GET /api/user/export', () => {
  it('refuses signed-out requests', async () => {
    api.signIn(null);
    const response = await exportRoute.GET(request('/api/user/export'));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('downloads the profile, library, notes, files and usage of the signed-in user only', async () => {
    const other = await newUser('grace');
    await seed(other.user);
    await seedFiles(other.user, other.client);
    const { user, email, client } = await newUser('ada');
    await seed(user);
    await seedFiles(user, client);
    // Its PDF attached to its paper: the export names it by its path in My files.
    await api.handle.db.execute(sql`insert into app.library_paper_files (user_id, library_paper_id, object_id)
      select ${user.id}, p.id, o.id from app.library_papers p, storage.objects o
      where p.user_id = ${user.id} and o.bucket_id = 'files' and o.name = ${`${user.id}/paper.pdf`}`);
    const response = await exportRoute.GET(request('/api/user/export'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="citewise-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const archive = await response.json();
    expect(archive).toMatchObject({ format: 'citewise-export', version: 1 });
    expect(archive.profile).toMatchObject({ id: user.id, email, metadata: { full_name: 'ada Lovelace', affiliation: 'Analytical Society' } });
    expect(archive.profile.signInMethods).toEqual([expect.objectContaining({ provider: 'email', email })]);
    expect(archive.library.papers).toHaveLength(1);
    expect(archive.library.papers[0]).toMatchObject({ paperId: testPapers[0]!.id, note: 'Read §3', tags: ['thesis'], files: ['paper.pdf'] });
    expect(archive.notes).toEqual([expect.objectContaining({ title: 'On §3', body: 'Compare with [@smith2020].', tags: ['thesis'], papers: [] })]);
    expect(archive.files.map((file: { path: string }) => file.path)).toEqual(['paper.pdf', '论文/notes.md']);
    expect(archive.files[0]).toMatchObject({ key: `${user.id}/paper.pdf`, size: 13, type: 'application/pdf' });
    expect(archive.usage.plan).toMatchObject({ id: 'free' });
    expect(archive.usage.ai).toEqual([{ day: '2026-11-24', app: 'research', messages: 2, inputTokens: 0, outputTokens: 0, totalTokens: 300 }]);
    expect(JSON.stringify(archive)).not.toContain('grace');
    expect(JSON.stringify(archive)).not.toMatch(/encrypted_password|refresh_token|secret/);
  });
});

describe('POST /api/user/delete-account', () => {
  it('refuses signed-out requests and a wrong confirmation, keeping everything', async () => {
    const { user, client } = await newUser('wrong');
    await seed(user);
    api.signIn(null);
    expect((await deleteRoute.POST(request('/api/user/delete-account', { confirmation: 'x' }))).status).toBe(401);
    api.signIn(user);
    const empty = await deleteRoute.POST(request('/api/user/delete-account', {}));
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.issues[0]).toMatchObject({ path: 'confirmation', code: 'required' });
    const wrong = await deleteRoute.POST(request('/api/user/delete-account', { confirmation: 'someone@example.com' }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.issues[0]).toMatchObject({ path: 'confirmation', code: 'confirmation_mismatch' });
    expect(await rowsOf(user.id)).toMatchObject({ library_papers: 1, ai_usage: 1, subscriptions: 1 });
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
  });

  it('refuses an aal1 session of an account with a verified authenticator', async () => {
    const { user, client } = await newUser('mfa');
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { TOTP, Secret } = await import('otpauth');
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totp.generate() });
    expect(error).toBeNull();
    const response = await deleteRoute.POST(request('/api/user/delete-account', { confirmation: user.email }));
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('mfa_required');
  });

  it('removes the data and files and soft-deletes the account, leaving other users alone', async () => {
    const other = await newUser('bystander');
    await seed(other.user);
    await seedFiles(other.user, other.client);
    const { user, client, email } = await newUser('leaving');
    await seed(user);
    await seedFiles(user, client);
    expect(await objectsOf(user.id)).toBe(3);
    const response = await deleteRoute.POST(request('/api/user/delete-account', { confirmation: `  ${email.toUpperCase()} ` }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(other.user.id)).toMatchObject({ library_papers: 1, ai_usage: 1, subscriptions: 1 });
    expect(await objectsOf(user.id)).toBe(0);
    expect(await objectsOf(other.user.id)).toBe(3);
    // The session ended, the account cannot sign in, and its row stays (soft delete) without the address.
    expect((await client.auth.getUser()).error).not.toBeNull();
    const again = await browserClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(again.error?.code).toBe('invalid_credentials');
    const [row] = await queryRows<{ email: string | null; deleted_at: Date | null }>(
      api.handle.db,
      sql`select email, deleted_at from auth.users where id = ${user.id}`,
    );
    expect(row).toMatchObject({ email: null });
    expect(row!.deleted_at).not.toBeNull();
  });
});
