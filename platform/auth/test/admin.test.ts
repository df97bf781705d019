// The admin API through supabase-js's `auth.admin` (service-role key), and its refusals for other callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

describe('admin users', () => {
  it('creates a confirmed user that can sign in at once, without a mail', async () => {
    const email = uniqueEmail('admin');
    const { data, error } = await h
      .admin()
      .auth.admin.createUser({ email, password: STRONG, email_confirm: true, user_metadata: { name: 'Grace' }, app_metadata: { plan: 'pro' } });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(await h.mailbox(email)).toEqual([]);
    expect((await h.client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
    const dup = await h.admin().auth.admin.createUser({ email, password: STRONG });
    expect(dup.error?.code).toBe('email_exists');
  });

  it('lists users page by page with the total and Link header the client reads', async () => {
    for (let i = 0; i < 5; i++) await h.admin().auth.admin.createUser({ email: uniqueEmail('page'), password: STRONG });
    const { data, error } = await h.admin().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect((data as { total: number }).total).toBeGreaterThanOrEqual(5);
    expect((data as { nextPage: number | null }).nextPage).toBe(2);
    const raw = await h.fetch(`${AUTH}/admin/users?page=2&per_page=2`, { headers: { authorization: `Bearer ${h.serviceRoleKey}` } });
    expect(raw.headers.get('link')).toMatch(/^<\/admin\/users\?page=3&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/);
    const bad = await h.fetch(`${AUTH}/admin/users?page=0`, { headers: { authorization: `Bearer ${h.serviceRoleKey}` } });
    expect(bad.status).toBe(400);
  });

  it('filters the list by address, name or phone, with identities and factors loaded for the page', async () => {
    const email = uniqueEmail('filter');
    const phone = `8613${String(Date.now()).slice(-9)}`;
    const { data } = await h.admin().auth.admin.createUser({ email, phone: `+${phone}`, password: STRONG, user_metadata: { full_name: 'Grace Filterable' } });
    const find = async (filter: string) => {
      const response = await h.fetch(`${AUTH}/admin/users?filter=${encodeURIComponent(filter)}`, { headers: { authorization: `Bearer ${h.serviceRoleKey}` } });
      return ((await response.json()) as { users: { id: string; identities: { provider: string }[] }[] }).users;
    };
    for (const filter of [email.slice(0, 12), 'grace filter', `+${phone}`, phone.slice(-6)]) {
      const users = await find(filter);
      expect([filter, users.map((user) => user.id)]).toEqual([filter, [data.user!.id]]);
      expect(users[0]!.identities.map((identity) => identity.provider).sort()).toEqual(['email', 'phone']);
    }
    // A % is a character to look for, not a wildcard.
    expect(await find('%')).toEqual([]);
    expect(await find('no-such-reader-anywhere')).toEqual([]);
  });

  it('gets, updates, bans and deletes users', async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail('crud');
    const { data: created } = await admin.createUser({ email, password: STRONG, email_confirm: true });
    const id = created.user!.id;
    const user = h.client();
    await user.auth.signInWithPassword({ email, password: STRONG });

    const { data: got } = await admin.getUserById(id);
    expect(got.user?.email).toBe(email);
    const { data: updated } = await admin.updateUserById(id, { user_metadata: { lab: 'X' }, ban_duration: '24h' });
    expect(updated.user?.banned_until).toBeTruthy();
    expect((await user.auth.getUser()).error?.code).toBe('user_banned');
    expect((await h.client().auth.signInWithPassword({ email, password: STRONG })).error?.code).toBe('user_banned');
    await admin.updateUserById(id, { ban_duration: 'none' });
    expect((await h.client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();

    expect((await admin.deleteUser(id, true)).error).toBeNull();
    const { data: soft } = await admin.getUserById(id);
    expect(soft.user?.deleted_at).toBeTruthy();
    expect(soft.user?.email).toBe('');
    // The address is free again.
    expect((await admin.createUser({ email, password: STRONG })).error).toBeNull();
    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
    const malformed = await h.fetch(`${AUTH}/admin/users/not-a-uuid`, { headers: { authorization: `Bearer ${h.serviceRoleKey}` } });
    expect(malformed.status).toBe(404);
  });

  it('generates links without sending mail, and the link works', async () => {
    const email = uniqueEmail('link');
    const { data, error } = await h.admin().auth.admin.generateLink({ type: 'signup', email, password: STRONG });
    expect(error).toBeNull();
    expect(data.properties!.verification_type).toBe('signup');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(await h.mailbox(email)).toEqual([]);
    const response = await h.fetch(data.properties!.action_link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1)).get('access_token')).toBeTruthy();
    const missing = await h.admin().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(missing.error?.code).toBe('user_not_found');
  });

  it('invites by mail; the invited user confirms and sets a password', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await h.admin().auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await h.lastMessage(email);
    expect(mail.type).toBe('invite');
    const client = h.client();
    expect((await client.auth.verifyOtp({ email, token: mail.token, type: 'invite' })).error).toBeNull();
    expect((await client.auth.updateUser({ password: STRONG })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
  });

  it('refuses non-admin callers', async () => {
    const anon = await h.fetch(`${AUTH}/admin/users`, { headers: { authorization: `Bearer ${h.anonKey}`, 'x-supabase-api-version': '2024-01-01' } });
    expect(anon.status).toBe(403);
    expect((await anon.json()).code).toBe('not_admin');
    const none = await h.fetch(`${AUTH}/admin/users`);
    expect(none.status).toBe(401);
  });
});
