import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { SessionUser } from '@/lib/auth/session';
import { PASSWORD, sessionUser } from '@/test/fixtures/users';
import { accounts, account, api, BOSS, call, routes, withParams } from './testing/admin-api';

// The admin API against a real database and the real auth service in this process, reached through supabase-js
// with the service role as in production. Who is signed in is the one thing set by hand. Mails and sessions:
// admin-mail-api.test.ts.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
// /api/auth/confirm's session client: a browser's, without cookies (the session it gets is checked through the mail's account).
vi.mock('@/lib/supabase/server', () => import('@/test/mocks/supabase-server'));

let admin: SessionUser;
let user: SessionUser;
let target: SessionUser;
let linked: SessionUser;
beforeAll(() => {
  ({ admin, user, target, linked } = accounts);
});

describe('who may call /api/admin/*', () => {
  const zeroId = '00000000-0000-4000-8000-000000000000';
  // Every admin route, with a request that succeeds for an admin.
  const table = () => [
    { name: 'GET users', run: () => routes.users.GET(call('GET', '/api/admin/users?page=1&per_page=10')) },
    { name: 'GET user', run: () => routes.user.GET(call('GET', `/api/admin/users/${target.id}`), withParams({ id: target.id })) },
    {
      name: 'PATCH user',
      run: () => routes.user.PATCH(call('PATCH', `/api/admin/users/${target.id}`, { ban_duration: 'none' }), withParams({ id: target.id })),
    },
    {
      name: 'PUT plan',
      run: () => routes.plan.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'pro', until: '2099-01-31' }), withParams({ id: target.id })),
    },
    { name: 'DELETE plan', run: () => routes.plan.DELETE(call('DELETE', `/api/admin/users/${target.id}/plan`), withParams({ id: target.id })) },
    { name: 'GET audit', run: () => routes.audit.GET(call('GET', '/api/admin/audit')) },
    {
      name: 'POST users',
      run: () =>
        routes.users.POST(call('POST', '/api/admin/users', { email: `made.${Math.random().toString(36).slice(2, 8)}@example.com`, password: PASSWORD })),
    },
    { name: 'GET overview', run: () => routes.overview.GET(call('GET', '/api/admin/overview?days=7')) },
    { name: 'GET users filtered', run: () => routes.users.GET(call('GET', '/api/admin/users?plan=free&status=active&provider=email&two_step=no')) },
    {
      name: 'POST link',
      run: () => routes.links.POST(call('POST', `/api/admin/users/${linked.id}/links`, { type: 'magiclink' }), withParams({ id: linked.id })),
    },
    { name: 'DELETE sessions', run: () => routes.sessions.DELETE(call('DELETE', `/api/admin/users/${linked.id}/sessions`), withParams({ id: linked.id })) },
    // Refused before anything is looked up; for an admin the unknown ids answer 404.
    { name: 'DELETE user', run: () => routes.user.DELETE(call('DELETE', `/api/admin/users/${zeroId}`), withParams({ id: zeroId })), adminStatus: 404 },
    {
      name: 'DELETE session',
      run: () => routes.session.DELETE(call('DELETE', `/api/admin/users/${linked.id}/sessions/${zeroId}`), withParams({ id: linked.id, sessionId: zeroId })),
      adminStatus: 404,
    },
    {
      name: 'DELETE factor',
      run: () => routes.factor.DELETE(call('DELETE', `/api/admin/users/${target.id}/factors/${zeroId}`), withParams({ id: target.id, factorId: zeroId })),
      adminStatus: 404,
    },
  ];

  it('answers 401 signed out, 403 to a user, 403 mfa_required to an admin without aal2, and succeeds for an admin', async () => {
    const aal1Admin = { ...admin, aal: 'aal1' as const, claims: { ...admin.claims, aal: 'aal1' } };
    for (const entry of table()) {
      api.signIn(null);
      let response = await entry.run();
      expect([entry.name, response.status, (await response.json()).error.code]).toEqual([entry.name, 401, 'unauthorized']);
      api.signIn(user);
      response = await entry.run();
      expect([entry.name, response.status, (await response.json()).error.code]).toEqual([entry.name, 403, 'forbidden']);
      api.signIn(aal1Admin);
      response = await entry.run();
      expect([entry.name, response.status, (await response.json()).error.code]).toEqual([entry.name, 403, 'mfa_required']);
      api.signIn(admin);
      response = await entry.run();
      expect([entry.name, response.status]).toEqual([entry.name, entry.adminStatus ?? 200]);
    }
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes a listed address an admin once its account exists and is confirmed, without the mark', async () => {
    const email = BOSS;
    const { data } = await api.client().auth.signUp({ email, password: PASSWORD });
    const id = data.user!.id;
    api.signIn(sessionUser(id, { email, aal: 'aal2' }));
    expect((await routes.users.GET(call('GET', '/api/admin/users'))).status).toBe(200);
    const detail = await (await routes.user.GET(call('GET', `/api/admin/users/${id}`), withParams({ id }))).json();
    expect(detail.admin).toBe(false);
  });
});

describe('what an admin does', () => {
  it('finds an account by address, name and id, one page at a time', async () => {
    api.signIn(admin);
    const byEmail = await (await routes.users.GET(call('GET', `/api/admin/users?query=${encodeURIComponent(target.email!)}`))).json();
    expect(byEmail).toMatchObject({ total: 1, page: 1, per_page: 25, users: [{ id: target.id, email: target.email, status: 'active', plan: { id: 'free' } }] });
    const byName = await (await routes.users.GET(call('GET', '/api/admin/users?query=target%20hop'))).json();
    expect(byName.users.map((u: { id: string }) => u.id)).toContain(target.id);
    const byId = await (await routes.users.GET(call('GET', `/api/admin/users?query=${target.id}`))).json();
    expect(byId).toMatchObject({ total: 1, users: [{ id: target.id }] });
    const paged = await (await routes.users.GET(call('GET', '/api/admin/users?page=2&per_page=1'))).json();
    expect(paged.users).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(3);
    const invalid = await routes.users.GET(call('GET', '/api/admin/users?per_page=5000'));
    expect(invalid.status).toBe(400);
  });

  it('bans (sign-in refused), unbans, gives and takes a plan, and each step is in the audit log with its address', async () => {
    api.signIn(admin);
    const params = withParams({ id: target.id });
    const banned = await routes.user.PATCH(call('PATCH', `/api/admin/users/${target.id}`, { ban_duration: '24h' }), params);
    expect(banned.status).toBe(200);
    expect((await banned.json()).banned_until).toBeTruthy();
    const refused = await api.client().auth.signInWithPassword({ email: target.email!, password: PASSWORD });
    expect(refused.error?.code).toBe('user_banned');
    await routes.user.PATCH(call('PATCH', `/api/admin/users/${target.id}`, { ban_duration: 'none' }), params);
    expect((await api.client().auth.signInWithPassword({ email: target.email!, password: PASSWORD })).error).toBeNull();

    const given = await routes.plan.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'pro', until: '2099-01-31' }), params);
    expect(given.status).toBe(200);
    api.signIn(target);
    const plan = await (await routes.subscription.GET(call('GET', '/api/user/subscription'))).json();
    expect(plan).toMatchObject({ plan: { id: 'pro' }, status: 'active', complimentary: true, current_period_end: '2099-01-31T23:59:59.999Z' });
    api.signIn(admin);
    await routes.plan.DELETE(call('DELETE', `/api/admin/users/${target.id}/plan`), params);
    api.signIn(target);
    expect(await (await routes.subscription.GET(call('GET', '/api/user/subscription'))).json()).toMatchObject({ plan: { id: 'free' }, complimentary: false });

    api.signIn(admin);
    const log = await (await routes.audit.GET(call('GET', `/api/admin/audit?target=${target.id}`))).json();
    expect(log.entries.map((entry: { action: string }) => entry.action).slice(0, 4)).toEqual(['user.plan_take', 'user.plan_give', 'user.unban', 'user.ban']);
    expect(log.entries[0]).toMatchObject({ actor_id: admin.id, actor_email: admin.email, target_id: target.id, target_email: target.email, ip: '203.0.113.9' });
    expect(log.entries[1]).toMatchObject({ before: { plan: 'free' }, after: { plan: 'pro', complimentary_until: '2099-01-31T23:59:59.999Z' } });

    const csv = await routes.audit.GET(call('GET', `/api/admin/audit?format=csv&target=${target.id}`));
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_email,actor_id,action,target_email,target_id,before,after,ip');
    expect(lines[1]).toContain('"user.plan_take"');
  });

  it('a plan given by hand ends on its day, and a past day is refused', async () => {
    api.signIn(admin);
    const past = await routes.plan.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'pro', until: '2020-01-01' }), withParams({ id: target.id }));
    expect(past.status).toBe(400);
    await routes.plan.PUT(call('PUT', `/api/admin/users/${target.id}/plan`, { plan: 'team', until: '2099-01-31' }), withParams({ id: target.id }));
    await queryRows(api.handle.db, sql`update app.subscriptions set complimentary_until = now() - interval '1 second' where user_id = ${target.id}`);
    api.signIn(target);
    expect(await (await routes.subscription.GET(call('GET', '/api/user/subscription'))).json()).toMatchObject({ plan: { id: 'free' }, status: 'canceled' });
  });

  it('removes a factor and soft-deletes an account; never its own', async () => {
    api.signIn(admin);
    const own = await routes.user.DELETE(call('DELETE', `/api/admin/users/${admin.id}`), withParams({ id: admin.id }));
    expect(own.status).toBe(409);
    const victim = await account('victim');
    const session = api.client();
    await session.auth.signInWithPassword({ email: victim.email!, password: PASSWORD });
    const { data: enrolled } = await session.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    const detail = await (await routes.user.GET(call('GET', `/api/admin/users/${victim.id}`), withParams({ id: victim.id }))).json();
    expect(detail.factors).toEqual([expect.objectContaining({ id: enrolled!.id, type: 'totp', name: 'phone app' })]);
    const removed = await routes.factor.DELETE(
      call('DELETE', `/api/admin/users/${victim.id}/factors/${enrolled!.id}`),
      withParams({ id: victim.id, factorId: enrolled!.id }),
    );
    expect(removed.status).toBe(200);
    const deleted = await routes.user.DELETE(call('DELETE', `/api/admin/users/${victim.id}`), withParams({ id: victim.id }));
    expect(deleted.status).toBe(200);
    const after = await (await routes.user.GET(call('GET', `/api/admin/users/${victim.id}`), withParams({ id: victim.id }))).json();
    expect(after).toMatchObject({ status: 'deleted', factors: [], email: null });
    expect(after.audit.map((entry: { action: string }) => entry.action)).toEqual(['user.delete', 'user.factor_delete']);
  });

  it('creates an account that can sign in at once, and refuses a taken address', async () => {
    api.signIn(admin);
    const email = `created.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await routes.users.POST(call('POST', '/api/admin/users', { email, password: PASSWORD }));
    expect(created.status).toBe(200);
    const { id } = await created.json();
    expect((await api.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const again = await routes.users.POST(call('POST', '/api/admin/users', { email, password: PASSWORD }));
    expect([again.status, (await again.json()).error.code]).toEqual([422, 'user_already_exists']);
    const log = await (await routes.audit.GET(call('GET', `/api/admin/audit?target=${id}`))).json();
    expect(log.entries).toEqual([expect.objectContaining({ action: 'user.create', target_email: email, after: { email, confirmed: true } })]);
  });

  it('filters by plan, status, sign-in method and two-step, combined with the search and paged', async () => {
    api.signIn(admin);
    const label = `filtered${Math.random().toString(36).slice(2, 6)}`;
    const plain = await account(label);
    const paying = await account(label);
    const banned = await account(label);
    const guarded = await account(label);
    const { data: pending } = await api.serviceClient().auth.admin.createUser({
      email: `${label}.pending@example.com`,
      password: PASSWORD,
      email_confirm: false,
      user_metadata: { full_name: `${label} Pending` },
    });
    await routes.plan.PUT(call('PUT', `/api/admin/users/${paying.id}/plan`, { plan: 'pro', until: '2099-01-31' }), withParams({ id: paying.id }));
    await routes.user.PATCH(call('PATCH', `/api/admin/users/${banned.id}`, { ban_duration: '24h' }), withParams({ id: banned.id }));
    const session = api.client();
    await session.auth.signInWithPassword({ email: guarded.email!, password: PASSWORD });
    const { data: factor } = await session.auth.mfa.enroll({ factorType: 'totp' });
    await queryRows(api.handle.db, sql`update auth.mfa_factors set status = 'verified' where id = ${factor!.id}`);

    const ids = async (filters: string) => {
      const response = await routes.users.GET(call('GET', `/api/admin/users?query=${label}&${filters}`));
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
    expect(row).toMatchObject({
      id: paying.id,
      email: paying.email,
      name: `${label} Hopper`,
      status: 'active',
      providers: ['email'],
      two_step: false,
      plan: { id: 'pro', complimentary_until: '2099-01-31T23:59:59.999Z' },
    });
    expect((await ids('two_step=yes')).users[0]).toMatchObject({ two_step: true });
    const page2 = await (await routes.users.GET(call('GET', `/api/admin/users?query=${label}&status=active&per_page=2&page=2&sort=created_at%20asc`))).json();
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2, users: [{ id: guarded.id }] });
    // Empty values are no filter; unknown ones are refused.
    expect((await ids('plan=&status=&provider=&two_step=')).total).toBe(5);
    expect((await routes.users.GET(call('GET', '/api/admin/users?status=sleeping'))).status).toBe(400);
    expect((await routes.users.GET(call('GET', '/api/admin/users?provider=a%27b'))).status).toBe(400);
  });

  it('sums up accounts, plans and use over the chosen period', async () => {
    api.signIn(admin);
    await queryRows(
      api.handle.db,
      sql`insert into app.usage_counters (user_id, feature, period, count) values (${target.id}, 'searchesPerDay', current_date, 3)`,
    );
    await queryRows(
      api.handle.db,
      sql`insert into app.ai_usage (user_id, app_id, day, messages, total_tokens) values (${target.id}, 'research', current_date, 2, 500)`,
    );
    const overview = await (await routes.overview.GET(call('GET', '/api/admin/overview?days=7'))).json();
    expect(overview.days).toBe(7);
    expect(overview.users.total).toBeGreaterThanOrEqual(3);
    expect(overview.users.newPerDay).toHaveLength(7);
    expect(overview.users.newPerDay.at(-1).count).toBeGreaterThanOrEqual(3);
    expect(overview.users.active7).toBeGreaterThanOrEqual(1);
    expect(overview.searchesPerDay.at(-1).count).toBeGreaterThanOrEqual(3);
    expect(overview.ai.messages).toBeGreaterThanOrEqual(2);
    expect(overview.testMode).toBe(true);
    expect((await routes.overview.GET(call('GET', '/api/admin/overview?days=12'))).status).toBe(400);
  });

  it('keeps the audit log append-only, even for the owner', async () => {
    // drizzle wraps the driver's error; the database's own message is its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      queryRows(api.handle.db, statement).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`update app.admin_audit set action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from app.admin_audit`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate app.admin_audit`)).toMatch(/append-only/);
  });
});
