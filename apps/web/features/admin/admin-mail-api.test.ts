import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { SessionUser } from '@/lib/auth/session';
import { PASSWORD } from '@/test/fixtures/users';
import { SITE } from '@/test/web-api';
import { accounts, account, api, call, routes, withParams } from './testing/admin-api';

// What an admin sends and ends: invitations, confirmation and sign-in mails, sessions; against a real database and
// the real auth service in this process (the rest of the admin API: admin-api.test.ts).
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
// /api/auth/confirm's session client: a browser's, without cookies (the session it gets is checked through the mail's account).
vi.mock('@/lib/supabase/server', () => import('@/test/mocks/supabase-server'));

let admin: SessionUser;
let target: SessionUser;
beforeAll(() => {
  ({ admin, target } = accounts);
});

describe('what an admin mails and ends', () => {
  it('invites an address by mail: an unconfirmed account, the auth service’s invitation, its link to choosing a password', async () => {
    api.signIn(admin);
    const email = `invitee.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const missing = await routes.users.POST(call('POST', '/api/admin/users', { email }));
    expect([missing.status, (await missing.json()).error.issues]).toEqual([400, [expect.objectContaining({ path: 'password', code: 'required' })]]);
    const invited = await routes.users.POST(call('POST', '/api/admin/users', { method: 'invite', email }));
    expect(invited.status).toBe(200);
    const { id } = await invited.json();
    const account = await (await routes.user.GET(call('GET', `/api/admin/users/${id}`), withParams({ id }))).json();
    expect(account).toMatchObject({ email, status: 'unconfirmed' });
    const [invitation] = await queryRows<{ link: string }>(api.handle.db, sql`select link from auth.mailbox where "to" = ${email} and type = 'invite'`);
    const link = new URL(invitation!.link);
    expect(link.searchParams.get('next')).toBe(`${SITE}/auth/reset-password`);
    const opened = await api.client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'invite' });
    expect(opened.data.user?.id).toBe(id);
    const log = await (await routes.audit.GET(call('GET', `/api/admin/audit?target=${id}`))).json();
    expect(log.entries).toEqual([expect.objectContaining({ action: 'user.invite', target_email: email, after: { email, invited: true } })]);
  });

  it('mails an unconfirmed sign-up its confirmation again; opened, the address is confirmed', async () => {
    api.signIn(admin);
    const email = `unconfirmed.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { data: pending } = await api.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: false });
    const id = pending!.user!.id;
    const sent = await routes.links.POST(call('POST', `/api/admin/users/${id}/links`, { type: 'signup' }), withParams({ id }));
    expect(sent.status, await sent.clone().text()).toBe(200);
    const mails = await queryRows<{ link: string; type: string }>(api.handle.db, sql`select link, type from auth.mailbox where "to" = ${email}`);
    expect(mails).toHaveLength(1);
    const link = new URL(mails[0]!.link);
    expect(link.pathname).toBe('/api/auth/confirm');
    expect(link.searchParams.get('next')).toBe(`${SITE}/dashboard`);
    const opened = await api.client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: link.searchParams.get('type') as 'signup' });
    expect(opened.error).toBeNull();
    const account = await (await routes.user.GET(call('GET', `/api/admin/users/${id}`), withParams({ id }))).json();
    expect(account.status).toBe('active');
    // Confirmed now: a confirmation is no longer what it needs.
    const again = await routes.links.POST(call('POST', `/api/admin/users/${id}/links`, { type: 'signup' }), withParams({ id }));
    expect(again.status).toBe(409);
  });

  it('lists an account’s sessions and ends one or all of them, audited', async () => {
    api.signIn(admin);
    const owner = await account('sessions');
    const first = api.client();
    const second = api.client();
    await first.auth.signInWithPassword({ email: owner.email!, password: PASSWORD });
    await second.auth.signInWithPassword({ email: owner.email!, password: PASSWORD });
    const params = withParams({ id: owner.id });
    const detail = await (await routes.user.GET(call('GET', `/api/admin/users/${owner.id}`), params)).json();
    // Sign-up (autoconfirmed) made one, and the two sign-ins.
    expect(detail.sessions).toHaveLength(3);
    expect(detail.sessions[0]).toMatchObject({ id: expect.any(String), aal: 'aal1', created_at: expect.any(String) });
    const { data: current } = await first.auth.getSession();
    const firstId = JSON.parse(Buffer.from(current.session!.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;

    const one = await routes.session.DELETE(
      call('DELETE', `/api/admin/users/${owner.id}/sessions/${firstId}`),
      withParams({ id: owner.id, sessionId: firstId }),
    );
    expect(await one.json()).toEqual({ revoked: 1 });
    expect((await first.auth.refreshSession()).error?.code).toMatch(/refresh_token_not_found|session_not_found/);
    expect((await second.auth.refreshSession()).error).toBeNull();
    // Another account's session is not this one's.
    const foreign = await routes.session.DELETE(
      call('DELETE', `/api/admin/users/${target.id}/sessions/${detail.sessions[1].id}`),
      withParams({ id: target.id, sessionId: detail.sessions[1].id }),
    );
    expect(foreign.status).toBe(404);

    const all = await routes.sessions.DELETE(call('DELETE', `/api/admin/users/${owner.id}/sessions`), params);
    expect(await all.json()).toEqual({ revoked: 2 });
    expect((await second.auth.refreshSession()).error).not.toBeNull();
    const after = await (await routes.user.GET(call('GET', `/api/admin/users/${owner.id}`), params)).json();
    expect(after.sessions).toEqual([]);
    expect(after.audit.map((entry: { action: string }) => entry.action)).toEqual(['user.sessions_revoke', 'user.session_revoke']);
    expect(after.audit[1]).toMatchObject({ actor_id: admin.id, before: { session: { id: firstId } } });
  });

  it('mails recovery and sign-in links that lead to /api/auth/confirm with a token hash, and an invitation only while unconfirmed', async () => {
    api.signIn(admin);
    const reader = await account('reader');
    const sent = await routes.links.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'recovery' }), withParams({ id: reader.id }));
    expect(await sent.json()).toEqual({ sent: true, type: 'recovery', to: reader.email });
    const [mail] = await queryRows<{ link: string; type: string }>(
      api.handle.db,
      sql`select link, type from auth.mailbox where "to" = ${reader.email} order by created_at desc limit 1`,
    );
    expect(mail!.type).toBe('recovery');
    const link = new URL(mail!.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/api/auth/confirm`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('next')).toBe(`${SITE}/auth/reset-password`);
    // What /api/auth/confirm does with it: verifyOtp by hash gives a session for the account.
    const opened = await api.client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'recovery' });
    expect(opened.error).toBeNull();
    expect(opened.data.user?.id).toBe(reader.id);

    // An invitation is for an address not confirmed yet; a confirmed one gets recovery or a sign-in link instead.
    const refused = await routes.links.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'invite' }), withParams({ id: reader.id }));
    expect(refused.status).toBe(409);
    const { data: pending } = await api
      .serviceClient()
      .auth.admin.createUser({ email: `invited.${Math.random().toString(36).slice(2, 8)}@example.com`, email_confirm: false, user_metadata: { locale: 'zh' } });
    const invited = await routes.links.POST(
      call('POST', `/api/admin/users/${pending!.user!.id}/links`, { type: 'invite' }),
      withParams({ id: pending!.user!.id }),
    );
    expect(invited.status).toBe(200);
    const [invitation] = await queryRows<{ link: string }>(
      api.handle.db,
      sql`select link from auth.mailbox where "to" = ${pending!.user!.email} and type = 'invite'`,
    );
    expect(new URL(invitation!.link).searchParams.get('next')).toBe(`${SITE}/zh/auth/reset-password`);
    const badType = await routes.links.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'email_change' }), withParams({ id: reader.id }));
    expect(badType.status).toBe(400);

    // The link, opened: verified by its hash, then on to `next` — only ever a page on this site.
    const magic = async (next: string) => {
      await queryRows(api.handle.db, sql`update auth.users set recovery_sent_at = null where id = ${reader.id}`);
      await routes.links.POST(call('POST', `/api/admin/users/${reader.id}/links`, { type: 'magiclink' }), withParams({ id: reader.id }));
      const [row] = await queryRows<{ link: string }>(
        api.handle.db,
        sql`select link from auth.mailbox where "to" = ${reader.email} and type = 'magiclink' order by created_at desc limit 1`,
      );
      const url = new URL(row!.link);
      url.searchParams.set('next', next);
      return `${url.pathname}${url.search}`;
    };
    // Opening it leads to the confirm page (a bare GET signs nobody in: login CSRF); its button posts the fields back.
    const confirm = (fields: URLSearchParams, headers: Record<string, string>) =>
      routes.confirm.POST(
        new NextRequest('http://localhost/api/auth/confirm', {
          method: 'POST',
          body: fields.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9', host: 'localhost', ...headers },
        }),
      );
    const open = async (path: string, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => {
      const location = (await routes.confirm.GET(call('GET', path))).headers.get('location')!;
      const page = new URL(location, SITE);
      if (!/\/auth\/confirm$/.test(page.pathname)) return location;
      return (await confirm(page.searchParams, headers)).headers.get('location');
    };
    const first = await magic(`${SITE}/zh/dashboard/library?sort=new`);
    const page = new URL((await routes.confirm.GET(call('GET', first))).headers.get('location')!, SITE);
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

    const log = await (await routes.audit.GET(call('GET', `/api/admin/audit?target=${reader.id}`))).json();
    expect(log.entries.at(-1)).toMatchObject({ action: 'user.link_recovery', actor_id: admin.id, after: { type: 'recovery', to: reader.email } });
  });
});
