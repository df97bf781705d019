import { NextRequest } from 'next/server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { sql } from '@citewise/db/orm';
import { createAuthService, loadAuthConfig, migrations as authMigrations, type AuthService } from '@citewise/platform-auth';
import { migrations as scholarMigrations } from '@citewise/scholar/migrations';
import type { SessionUser } from '@/lib/auth/session';
import { migrations as appMigrations } from '@/lib/db/migrations';
import { NoRealtime } from '@/lib/supabase/no-realtime';

// The admin API against a real database and the real auth service in this process, reached through supabase-js
// with the service role as in production. Who is signed in is the one thing set by hand (`signedIn`).
let handle: DatabaseHandle;
let auth: AuthService;
let signedIn: SessionUser | null = null;

vi.mock('@/lib/db/database', () => ({ appDatabase: async () => handle }));
vi.mock('@/lib/auth/session', () => ({ currentUser: async () => signedIn }));
vi.mock('@/lib/platform/services', () => ({ platform: async () => ({ auth }) }));
// /api/auth/confirm's session client: a browser's, without cookies (the session it gets is checked through the mail's account).
vi.mock('@/lib/supabase/server', () => ({ createSupabaseServerClient: async () => client() }));

// ADMIN_EMAILS is read once, with the rest of the configuration, when the routes first load.
const BOSS = `boss.${Math.random().toString(36).slice(2, 8)}@example.com`;
process.env.ADMIN_EMAILS = ` ${BOSS.toUpperCase()} , someone@example.com`;
const usersRoute = await import('@/app/api/admin/users/route');
const userRoute = await import('@/app/api/admin/users/[id]/route');
const factorRoute = await import('@/app/api/admin/users/[id]/factors/[factorId]/route');
const planRoute = await import('@/app/api/admin/users/[id]/plan/route');
const auditRoute = await import('@/app/api/admin/audit/route');
const overviewRoute = await import('@/app/api/admin/overview/route');
const sessionsRoute = await import('@/app/api/admin/users/[id]/sessions/route');
const sessionRoute = await import('@/app/api/admin/users/[id]/sessions/[sessionId]/route');
const linksRoute = await import('@/app/api/admin/users/[id]/links/route');
const confirmRoute = await import('@/app/api/auth/confirm/route');
const subscriptionRoute = await import('@/app/api/user/subscription/route');

const SITE = 'http://localhost:3000';
const PASSWORD = 'correct-Horse-7-battery';

function client(): SupabaseClient {
  const storage = new Map<string, string>();
  return createClient(`${SITE}/platform`, auth.keys.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
    },
    global: { fetch: (input, init) => auth.fetch(new Request(input, init)) },
    realtime: { transport: NoRealtime as never },
  });
}

function service(): SupabaseClient {
  return createClient(`${SITE}/platform`, auth.keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: (input, init) => auth.fetch(new Request(input, init)) },
    realtime: { transport: NoRealtime as never },
  });
}

async function account(label: string, options: { admin?: boolean; aal?: 'aal1' | 'aal2' } = {}): Promise<SessionUser> {
  const email = `${label}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await client().auth.signUp({ email, password: PASSWORD, options: { data: { full_name: `${label} Hopper` } } });
  expect(error).toBeNull();
  const id = data.user!.id;
  if (options.admin) await service().auth.admin.updateUserById(id, { app_metadata: { admin: true } });
  const aal = options.aal ?? 'aal1';
  return { id, email, phone: null, aal, sessionId: null, claims: { sub: id, role: 'authenticated', aal } };
}

function call(method: string, path: string, body?: unknown) {
  return new NextRequest(`http://localhost${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
  });
}
const withParams = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

let admin: SessionUser;
let user: SessionUser;
let target: SessionUser;
let linked: SessionUser;

beforeAll(async () => {
  handle = await createTestDatabase([authMigrations, scholarMigrations, appMigrations]);
  const config = loadAuthConfig({ SITE_URL: SITE, AUTH_RATE_LIMIT_DISABLED: 'true', AUTH_MAILER_AUTOCONFIRM: 'true', AUTH_MAILER_CONFIRM_URL: '/api/auth/confirm' });
  auth = await createAuthService({ db: handle.db, config, basePath: '/platform' });
  admin = await account('admin', { admin: true, aal: 'aal2' });
  user = await account('user', { aal: 'aal2' });
  target = await account('target');
  linked = await account('linked');
}, 60_000);

afterAll(() => handle?.close());

describe('who may call /api/admin/*', () => {
  const zeroId = '00000000-0000-4000-8000-000000000000';
  // Every admin route, with a request that succeeds for an admin.
  const table = () => [
    { name: 'GET users', run: () => usersRoute.GET(call('GET', '/api/admin/users?page=1&per_page=10')) },
    { name: 'GET user', run: () => userRoute.GET(call('GET', `/api/admin/users/${target.id}`), withParams({ id: target.id })) },
    { name: 'PATCH user', run: () => userRoute.PATCH(call('PATCH', `/api/admin/users/${target.id}`, { ban_duration: 'none' }), withParams({ id: target.id })) },
    { name: 'PUT plan', run: () => planRoute.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'pro', until: '2099-01-31' }), withParams({ id: target.id })) },
    { name: 'DELETE plan', run: () => planRoute.DELETE(call('DELETE', `/api/admin/users/${target.id}/plan`), withParams({ id: target.id })) },
    { name: 'GET audit', run: () => auditRoute.GET(call('GET', '/api/admin/audit')) },
    { name: 'POST users', run: () => usersRoute.POST(call('POST', '/api/admin/users', { email: `made.${Math.random().toString(36).slice(2, 8)}@example.com`, password: PASSWORD })) },
    { name: 'GET overview', run: () => overviewRoute.GET(call('GET', '/api/admin/overview?days=7')) },
    { name: 'GET users filtered', run: () => usersRoute.GET(call('GET', '/api/admin/users?plan=free&status=active&provider=email&two_step=no')) },
    { name: 'POST link', run: () => linksRoute.POST(call('POST', `/api/admin/users/${linked.id}/links`, { type: 'magiclink' }), withParams({ id: linked.id })) },
    { name: 'DELETE sessions', run: () => sessionsRoute.DELETE(call('DELETE', `/api/admin/users/${linked.id}/sessions`), withParams({ id: linked.id })) },
    // Refused before anything is looked up; for an admin the unknown ids answer 404.
    { name: 'DELETE user', run: () => userRoute.DELETE(call('DELETE', `/api/admin/users/${zeroId}`), withParams({ id: zeroId })), adminStatus: 404 },
    { name: 'DELETE session', run: () => sessionRoute.DELETE(call('DELETE', `/api/admin/users/${linked.id}/sessions/${zeroId}`), withParams({ id: linked.id, sessionId: zeroId })), adminStatus: 404 },
    { name: 'DELETE factor', run: () => factorRoute.DELETE(call('DELETE', `/api/admin/users/${target.id}/factors/${zeroId}`), withParams({ id: target.id, factorId: zeroId })), adminStatus: 404 },
  ];

  it('answers 401 signed out, 403 to a user, 403 mfa_required to an admin without aal2, and succeeds for an admin', async () => {
    const aal1Admin = { ...admin, aal: 'aal1' as const, claims: { ...admin.claims, aal: 'aal1' } };
    for (const entry of table()) {
      signedIn = null;
      let response = await entry.run();
      expect([entry.name, response.status, (await response.json()).error.code]).toEqual([entry.name, 401, 'unauthorized']);
      signedIn = user;
      response = await entry.run();
      expect([entry.name, response.status, (await response.json()).error.code]).toEqual([entry.name, 403, 'forbidden']);
      signedIn = aal1Admin;
      response = await entry.run();
      expect([entry.name, response.status, (await response.json()).error.code]).toEqual([entry.name, 403, 'mfa_required']);
      signedIn = admin;
      response = await entry.run();
      expect([entry.name, response.status]).toEqual([entry.name, entry.adminStatus ?? 200]);
    }
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes a listed address an admin once its account exists and is confirmed, without the mark', async () => {
    const email = BOSS;
    const { data } = await client().auth.signUp({ email, password: PASSWORD });
    const id = data.user!.id;
    signedIn = { id, email, phone: null, aal: 'aal2', sessionId: null, claims: { sub: id, role: 'authenticated', aal: 'aal2' } };
    expect((await usersRoute.GET(call('GET', '/api/admin/users'))).status).toBe(200);
    const detail = await (await userRoute.GET(call('GET', `/api/admin/users/${id}`), withParams({ id }))).json();
    expect(detail.admin).toBe(false);
  });
});

describe('what an admin does', () => {
  it('finds an account by address, name and id, one page at a time', async () => {
    signedIn = admin;
    const byEmail = await (await usersRoute.GET(call('GET', `/api/admin/users?query=${encodeURIComponent(target.email!)}`))).json();
    expect(byEmail).toMatchObject({ total: 1, page: 1, per_page: 25, users: [{ id: target.id, email: target.email, status: 'active', plan: { id: 'free' } }] });
    const byName = await (await usersRoute.GET(call('GET', '/api/admin/users?query=target%20hop'))).json();
    expect(byName.users.map((u: { id: string }) => u.id)).toContain(target.id);
    const byId = await (await usersRoute.GET(call('GET', `/api/admin/users?query=${target.id}`))).json();
    expect(byId).toMatchObject({ total: 1, users: [{ id: target.id }] });
    const paged = await (await usersRoute.GET(call('GET', '/api/admin/users?page=2&per_page=1'))).json();
    expect(paged.users).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(3);
    const invalid = await usersRoute.GET(call('GET', '/api/admin/users?per_page=5000'));
    expect(invalid.status).toBe(400);
  });

  it('bans (sign-in refused), unbans, gives and takes a plan, and each step is in the audit log with its address', async () => {
    signedIn = admin;
    const params = withParams({ id: target.id });
    const banned = await userRoute.PATCH(call('PATCH', `/api/admin/users/${target.id}`, { ban_duration: '24h' }), params);
    expect(banned.status).toBe(200);
    expect((await banned.json()).banned_until).toBeTruthy();
    const refused = await client().auth.signInWithPassword({ email: target.email!, password: PASSWORD });
    expect(refused.error?.code).toBe('user_banned');
    await userRoute.PATCH(call('PATCH', `/api/admin/users/${target.id}`, { ban_duration: 'none' }), params);
    expect((await client().auth.signInWithPassword({ email: target.email!, password: PASSWORD })).error).toBeNull();

    const given = await planRoute.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'pro', until: '2099-01-31' }), params);
    expect(given.status).toBe(200);
    signedIn = target;
    const plan = await (await subscriptionRoute.GET(call('GET', '/api/user/subscription'))).json();
    expect(plan).toMatchObject({ plan: { id: 'pro' }, status: 'active', complimentary: true, current_period_end: '2099-01-31T23:59:59.999Z' });
    signedIn = admin;
    await planRoute.DELETE(call('DELETE', `/api/admin/users/${target.id}/plan`), params);
    signedIn = target;
    expect(await (await subscriptionRoute.GET(call('GET', '/api/user/subscription'))).json()).toMatchObject({ plan: { id: 'free' }, complimentary: false });

    signedIn = admin;
    const log = await (await auditRoute.GET(call('GET', `/api/admin/audit?target=${target.id}`))).json();
    expect(log.entries.map((entry: { action: string }) => entry.action).slice(0, 4)).toEqual(['user.plan_take', 'user.plan_give', 'user.unban', 'user.ban']);
    expect(log.entries[0]).toMatchObject({ actor_id: admin.id, actor_email: admin.email, target_id: target.id, target_email: target.email, ip: '203.0.113.9' });
    expect(log.entries[1]).toMatchObject({ before: { plan: 'free' }, after: { plan: 'pro', complimentary_until: '2099-01-31T23:59:59.999Z' } });

    const csv = await auditRoute.GET(call('GET', `/api/admin/audit?format=csv&target=${target.id}`));
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_email,actor_id,action,target_email,target_id,before,after,ip');
    expect(lines[1]).toContain('"user.plan_take"');
  });

  it('a plan given by hand ends on its day, and a past day is refused', async () => {
    signedIn = admin;
    const past = await planRoute.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'pro', until: '2020-01-01' }), withParams({ id: target.id }));
    expect(past.status).toBe(400);
    await planRoute.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'team', until: '2099-01-31' }), withParams({ id: target.id }));
    await queryRows(handle.db, sql`update app.subscriptions set complimentary_until = now() - interval '1 second' where user_id = ${target.id}`);
    signedIn = target;
    expect(await (await subscriptionRoute.GET(call('GET', '/api/user/subscription'))).json()).toMatchObject({ plan: { id: 'free' }, status: 'canceled' });
  });

  it('removes a factor and soft-deletes an account; never its own', async () => {
    signedIn = admin;
    const own = await userRoute.DELETE(call('DELETE', `/api/admin/users/${admin.id}`), withParams({ id: admin.id }));
    expect(own.status).toBe(409);
    const victim = await account('victim');
    const session = client();
    await session.auth.signInWithPassword({ email: victim.email!, password: PASSWORD });
    const { data: enrolled } = await session.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    const detail = await (await userRoute.GET(call('GET', `/api/admin/users/${victim.id}`), withParams({ id: victim.id }))).json();
    expect(detail.factors).toEqual([expect.objectContaining({ id: enrolled!.id, type: 'totp', name: 'phone app' })]);
    const removed = await factorRoute.DELETE(call('DELETE', `/api/admin/users/${victim.id}/factors/${enrolled!.id}`), withParams({ id: victim.id, factorId: enrolled!.id }));
    expect(removed.status).toBe(200);
    const deleted = await userRoute.DELETE(call('DELETE', `/api/admin/users/${victim.id}`), withParams({ id: victim.id }));
    expect(deleted.status).toBe(200);
    const after = await (await userRoute.GET(call('GET', `/api/admin/users/${victim.id}`), withParams({ id: victim.id }))).json();
    expect(after).toMatchObject({ status: 'deleted', factors: [], email: null });
    expect(after.audit.map((entry: { action: string }) => entry.action)).toEqual(['user.delete', 'user.factor_delete']);
  });

  it('creates an account that can sign in at once, and refuses a taken address', async () => {
    signedIn = admin;
    const email = `created.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await usersRoute.POST(call('POST', '/api/admin/users', { email, password: PASSWORD }));
    expect(created.status).toBe(200);
    const { id } = await created.json();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const again = await usersRoute.POST(call('POST', '/api/admin/users', { email, password: PASSWORD }));
    expect([again.status, (await again.json()).error.code]).toEqual([422, 'user_already_exists']);
    const log = await (await auditRoute.GET(call('GET', `/api/admin/audit?target=${id}`))).json();
    expect(log.entries).toEqual([expect.objectContaining({ action: 'user.create', target_email: email, after: { email, confirmed: true } })]);
  });

  it('invites an address by mail: an unconfirmed account, the auth service’s invitation, its link to choosing a password', async () => {
    signedIn = admin;
    const email = `invitee.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const missing = await usersRoute.POST(call('POST', '/api/admin/users', { email }));
    expect([missing.status, (await missing.json()).error.issues]).toEqual([400, [expect.objectContaining({ path: 'password', code: 'required' })]]);
    const invited = await usersRoute.POST(call('POST', '/api/admin/users', { method: 'invite', email }));
    expect(invited.status).toBe(200);
    const { id } = await invited.json();
    const account = await (await userRoute.GET(call('GET', `/api/admin/users/${id}`), withParams({ id }))).json();
    expect(account).toMatchObject({ email, status: 'unconfirmed' });
    const [invitation] = await queryRows<{ link: string }>(handle.db, sql`select link from auth.mailbox where "to" = ${email} and type = 'invite'`);
    const link = new URL(invitation!.link);
    expect(link.searchParams.get('next')).toBe(`${SITE}/auth/reset-password`);
    const opened = await client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'invite' });
    expect(opened.data.user?.id).toBe(id);
    const log = await (await auditRoute.GET(call('GET', `/api/admin/audit?target=${id}`))).json();
    expect(log.entries).toEqual([expect.objectContaining({ action: 'user.invite', target_email: email, after: { email, invited: true } })]);
  });

  it('mails an unconfirmed sign-up its confirmation again; opened, the address is confirmed', async () => {
    signedIn = admin;
    const email = `unconfirmed.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { data: pending } = await service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: false });
    const id = pending!.user!.id;
    const sent = await linksRoute.POST(call('POST', `/api/admin/users/${id}/links`, { type: 'signup' }), withParams({ id }));
    expect(sent.status, await sent.clone().text()).toBe(200);
    const mails = await queryRows<{ link: string; type: string }>(handle.db, sql`select link, type from auth.mailbox where "to" = ${email}`);
    expect(mails).toHaveLength(1);
    const link = new URL(mails[0]!.link);
    expect(link.pathname).toBe('/api/auth/confirm');
    expect(link.searchParams.get('next')).toBe(`${SITE}/dashboard`);
    const opened = await client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: link.searchParams.get('type') as 'signup' });
    expect(opened.error).toBeNull();
    const account = await (await userRoute.GET(call('GET', `/api/admin/users/${id}`), withParams({ id }))).json();
    expect(account.status).toBe('active');
    // Confirmed now: a confirmation is no longer what it needs.
    const again = await linksRoute.POST(call('POST', `/api/admin/users/${id}/links`, { type: 'signup' }), withParams({ id }));
    expect(again.status).toBe(409);
  });

  it('filters by plan, status, sign-in method and two-step, combined with the search and paged', async () => {
    signedIn = admin;
    const label = `filtered${Math.random().toString(36).slice(2, 6)}`;
    const plain = await account(label);
    const paying = await account(label);
    const banned = await account(label);
    const guarded = await account(label);
    const { data: pending } = await service().auth.admin.createUser({ email: `${label}.pending@example.com`, password: PASSWORD, email_confirm: false, user_metadata: { full_name: `${label} Pending` } });
    await planRoute.PUT(call('PUT', `/api/admin/users/${paying.id}/plan`, { plan: 'pro', until: '2099-01-31' }), withParams({ id: paying.id }));
    await userRoute.PATCH(call('PATCH', `/api/admin/users/${banned.id}`, { ban_duration: '24h' }), withParams({ id: banned.id }));
    const session = client();
    await session.auth.signInWithPassword({ email: guarded.email!, password: PASSWORD });
    const { data: factor } = await session.auth.mfa.enroll({ factorType: 'totp' });
    await queryRows(handle.db, sql`update auth.mfa_factors set status = 'verified' where id = ${factor!.id}`);

    const ids = async (filters: string) => {
      const response = await usersRoute.GET(call('GET', `/api/admin/users?query=${label}&${filters}`));
      expect(response.status).toBe(200);
      const body = await response.json();
      return { ids: body.users.map((u: { id: string }) => u.id).sort(), total: body.total, users: body.users };
    };
    const sorted = (...list: string[]) => list.sort();
    expect((await ids('plan=pro')).ids).toEqual([paying.id]);
    expect((await ids('plan=free')).ids).toEqual(sorted(plain.id, banned.id, guarded.id, pending!.user!.id));
    expect((await ids('status=banned')).ids).toEqual([banned.id]);
    expect((await ids('status=unconfirmed')).ids).toEqual([pending!.user!.id]);
    expect((await ids('status=active')).ids).toEqual(sorted(plain.id, paying.id, guarded.id));
    expect((await ids('two_step=yes')).ids).toEqual([guarded.id]);
    expect((await ids('two_step=no&status=active&plan=free')).ids).toEqual([plain.id]);
    expect((await ids('provider=email')).total).toBe(5);
    expect((await ids('provider=github')).total).toBe(0);
    // Each row as the unfiltered list shows it.
    const [row] = (await ids('plan=pro')).users;
    expect(row).toMatchObject({ id: paying.id, email: paying.email, name: `${label} Hopper`, status: 'active', providers: ['email'], two_step: false, plan: { id: 'pro', complimentary_until: '2099-01-31T23:59:59.999Z' } });
    expect((await ids('two_step=yes')).users[0]).toMatchObject({ two_step: true });
    const page2 = await (await usersRoute.GET(call('GET', `/api/admin/users?query=${label}&status=active&per_page=2&page=2&sort=created_at%20asc`))).json();
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2, users: [{ id: guarded.id }] });
    // Empty values are no filter; unknown ones are refused.
    expect((await ids('plan=&status=&provider=&two_step=')).total).toBe(5);
    expect((await usersRoute.GET(call('GET', '/api/admin/users?status=sleeping'))).status).toBe(400);
    expect((await usersRoute.GET(call('GET', '/api/admin/users?provider=a%27b'))).status).toBe(400);
  });

  it('lists an account’s sessions and ends one or all of them, audited', async () => {
    signedIn = admin;
    const owner = await account('sessions');
    const first = client();
    const second = client();
    await first.auth.signInWithPassword({ email: owner.email!, password: PASSWORD });
    await second.auth.signInWithPassword({ email: owner.email!, password: PASSWORD });
    const params = withParams({ id: owner.id });
    const detail = await (await userRoute.GET(call('GET', `/api/admin/users/${owner.id}`), params)).json();
    // Sign-up (autoconfirmed) made one, and the two sign-ins.
    expect(detail.sessions).toHaveLength(3);
    expect(detail.sessions[0]).toMatchObject({ id: expect.any(String), aal: 'aal1', created_at: expect.any(String) });
    const { data: current } = await first.auth.getSession();
    const firstId = JSON.parse(Buffer.from(current.session!.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;

    const one = await sessionRoute.DELETE(call('DELETE', `/api/admin/users/${owner.id}/sessions/${firstId}`), withParams({ id: owner.id, sessionId: firstId }));
    expect(await one.json()).toEqual({ revoked: 1 });
    expect((await first.auth.refreshSession()).error?.code).toMatch(/refresh_token_not_found|session_not_found/);
    expect((await second.auth.refreshSession()).error).toBeNull();
    // Another account's session is not this one's.
    const foreign = await sessionRoute.DELETE(call('DELETE', `/api/admin/users/${target.id}/sessions/${detail.sessions[1].id}`), withParams({ id: target.id, sessionId: detail.sessions[1].id }));
    expect(foreign.status).toBe(404);

    const all = await sessionsRoute.DELETE(call('DELETE', `/api/admin/users/${owner.id}/sessions`), params);
    expect(await all.json()).toEqual({ revoked: 2 });
    expect((await second.auth.refreshSession()).error).not.toBeNull();
    const after = await (await userRoute.GET(call('GET', `/api/admin/users/${owner.id}`), params)).json();
    expect(after.sessions).toEqual([]);
    expect(after.audit.map((entry: { action: string }) => entry.action)).toEqual(['user.sessions_revoke', 'user.session_revoke']);
    expect(after.audit[1]).toMatchObject({ actor_id: admin.id, before: { session: { id: firstId } } });
  });

  it('mails recovery and sign-in links that lead to /api/auth/confirm with a token hash, and an invitation only while unconfirmed', async () => {
    signedIn = admin;
    const reader = await account('reader');
    const sent = await linksRoute.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'recovery' }), withParams({ id: reader.id }));
    expect(await sent.json()).toEqual({ sent: true, type: 'recovery', to: reader.email });
    const [mail] = await queryRows<{ link: string; type: string }>(handle.db, sql`select link, type from auth.mailbox where "to" = ${reader.email} order by created_at desc limit 1`);
    expect(mail!.type).toBe('recovery');
    const link = new URL(mail!.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/api/auth/confirm`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('next')).toBe(`${SITE}/auth/reset-password`);
    // What /api/auth/confirm does with it: verifyOtp by hash gives a session for the account.
    const opened = await client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'recovery' });
    expect(opened.error).toBeNull();
    expect(opened.data.user?.id).toBe(reader.id);

    // An invitation is for an address not confirmed yet; a confirmed one gets recovery or a sign-in link instead.
    const refused = await linksRoute.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'invite' }), withParams({ id: reader.id }));
    expect(refused.status).toBe(409);
    const { data: pending } = await service().auth.admin.createUser({ email: `invited.${Math.random().toString(36).slice(2, 8)}@example.com`, email_confirm: false, user_metadata: { locale: 'zh' } });
    const invited = await linksRoute.POST(call('POST', `/api/admin/users/${pending!.user!.id}/links`, { type: 'invite' }), withParams({ id: pending!.user!.id }));
    expect(invited.status).toBe(200);
    const [invitation] = await queryRows<{ link: string }>(handle.db, sql`select link from auth.mailbox where "to" = ${pending!.user!.email} and type = 'invite'`);
    expect(new URL(invitation!.link).searchParams.get('next')).toBe(`${SITE}/zh/auth/reset-password`);
    const badType = await linksRoute.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'email_change' }), withParams({ id: reader.id }));
    expect(badType.status).toBe(400);

    // The link, opened: verified by its hash, then on to `next` — only ever a page on this site.
    const magic = async (next: string) => {
      await queryRows(handle.db, sql`update auth.users set recovery_sent_at = null where id = ${reader.id}`);
      await linksRoute.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'magiclink' }), withParams({ id: reader.id }));
      const [row] = await queryRows<{ link: string }>(handle.db, sql`select link from auth.mailbox where "to" = ${reader.email} and type = 'magiclink' order by created_at desc limit 1`);
      const url = new URL(row!.link);
      url.searchParams.set('next', next);
      return `${url.pathname}${url.search}`;
    };
    // Opening it leads to the confirm page (a bare GET signs nobody in: login CSRF); its button posts the fields back.
    const confirm = (fields: URLSearchParams, headers: Record<string, string>) =>
      confirmRoute.POST(
        new NextRequest('http://localhost/api/auth/confirm', {
          method: 'POST',
          body: fields.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9', host: 'localhost', ...headers },
        }),
      );
    const open = async (path: string, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => {
      const location = (await confirmRoute.GET(call('GET', path))).headers.get('location')!;
      const page = new URL(location, SITE);
      if (!/\/auth\/confirm$/.test(page.pathname)) return location;
      return (await confirm(page.searchParams, headers)).headers.get('location');
    };
    const first = await magic(`${SITE}/zh/dashboard/library?sort=new`);
    const page = new URL((await confirmRoute.GET(call('GET', first))).headers.get('location')!, SITE);
    expect(page.pathname).toBe('/zh/auth/confirm');
    expect(page.searchParams.get('next')).toBe('/zh/dashboard/library?sort=new');
    // Posted by another site (or by something that says nothing of where it came from): refused, the token unused.
    expect(await open(first, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toBe('/zh/auth/error?error=cross_site_request');
    expect(await open(first, { origin: 'https://evil.example' })).toBe('/zh/auth/error?error=cross_site_request');
    expect(await open(first, {})).toBe('/zh/auth/error?error=cross_site_request');
    expect(await open(first)).toBe('/zh/dashboard/library?sort=new');
    expect(await open(first, { origin: 'http://localhost' })).toBe('/zh/auth/error?error=link_expired');
    expect(await open(await magic('https://evil.example/dashboard'))).toBe('/dashboard');
    expect(await open(await magic('//evil.example/dashboard'))).toBe('/dashboard');
    expect(await open('/api/auth/confirm?token_hash=abc&type=nonsense&next=/zh/dashboard')).toBe('/zh/auth/error?error=link_expired');

    const log = await (await auditRoute.GET(call('GET', `/api/admin/audit?target=${reader.id}`))).json();
    expect(log.entries.at(-1)).toMatchObject({ action: 'user.link_recovery', actor_id: admin.id, after: { type: 'recovery', to: reader.email } });
  });

  it('sums up accounts, plans and use over the chosen period', async () => {
    signedIn = admin;
    await queryRows(handle.db, sql`insert into app.usage_counters (user_id, feature, period, count) values (${target.id}, 'searchesPerDay', current_date, 3)`);
    await queryRows(handle.db, sql`insert into app.ai_usage (user_id, app_id, day, messages, total_tokens) values (${target.id}, 'research', current_date, 2, 500)`);
    const overview = await (await overviewRoute.GET(call('GET', '/api/admin/overview?days=7'))).json();
    expect(overview.days).toBe(7);
    expect(overview.users.total).toBeGreaterThanOrEqual(3);
    expect(overview.users.newPerDay).toHaveLength(7);
    expect(overview.users.newPerDay.at(-1).count).toBeGreaterThanOrEqual(3);
    expect(overview.users.active7).toBeGreaterThanOrEqual(1);
    expect(overview.searchesPerDay.at(-1).count).toBeGreaterThanOrEqual(3);
    expect(overview.ai.messages).toBeGreaterThanOrEqual(2);
    expect(overview.testMode).toBe(true);
    expect((await overviewRoute.GET(call('GET', '/api/admin/overview?days=12'))).status).toBe(400);
  });

  it('keeps the audit log append-only, even for the owner', async () => {
    // drizzle wraps the driver's error; the database's own message is its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      queryRows(handle.db, statement).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`update app.admin_audit set action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from app.admin_audit`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate app.admin_audit`)).toMatch(/append-only/);
  });
});
