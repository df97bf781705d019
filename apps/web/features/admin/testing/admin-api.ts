// The set-up of the admin API's tests (admin-api.test.ts, admin-mail-api.test.ts): the real auth service in this
// process (its mails' links lead to /api/auth/confirm), the admin routes, and four accounts. The test file mocks the
// app's modules first (test/web-api.ts), since vi.mock only reaches the file that calls it:
//
//   vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
//   vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
//   vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
//   vi.mock('@/lib/supabase/server', () => import('@/test/mocks/supabase-server'));
import { NextRequest } from 'next/server';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SessionUser } from '@/lib/auth/session';
import { PASSWORD, sessionUser } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';

/** An address ADMIN_EMAILS names (in capitals and with spaces, as an operator may write it) before it has an account. */
export const BOSS = `boss.${randomUUID().slice(0, 6)}@example.com`;
// ADMIN_EMAILS is read once, with the rest of the configuration, when the routes first load.
process.env.ADMIN_EMAILS = ` ${BOSS.toUpperCase()} , someone@example.com`;

export const api = setUpWebApi({
  auth: { AUTH_MAILER_CONFIRM_URL: '/api/auth/confirm' },
  setup: async () => {
    accounts.admin = await account('admin', { admin: true, aal: 'aal2' });
    accounts.user = await account('user', { aal: 'aal2' });
    accounts.target = await account('target');
    accounts.linked = await account('linked');
  },
});

/** An admin (aal2), a user (aal2) and two accounts an admin acts on; made before the tests. */
export const accounts = {} as Record<'admin' | 'user' | 'target' | 'linked', SessionUser>;

export const routes = {
  users: await import('@/app/api/admin/users/route'),
  user: await import('@/app/api/admin/users/[id]/route'),
  factor: await import('@/app/api/admin/users/[id]/factors/[factorId]/route'),
  plan: await import('@/app/api/admin/users/[id]/plan/route'),
  audit: await import('@/app/api/admin/audit/route'),
  overview: await import('@/app/api/admin/overview/route'),
  sessions: await import('@/app/api/admin/users/[id]/sessions/route'),
  session: await import('@/app/api/admin/users/[id]/sessions/[sessionId]/route'),
  links: await import('@/app/api/admin/users/[id]/links/route'),
  confirm: await import('@/app/api/auth/confirm/route'),
  subscription: await import('@/app/api/user/subscription/route'),
};

/** A new account with a name (`<label> Hopper`), an admin by the auth service's `app_metadata` mark when asked. */
export async function account(label: string, options: { admin?: boolean; aal?: 'aal1' | 'aal2' } = {}): Promise<SessionUser> {
  const email = `${label}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await api.client().auth.signUp({ email, password: PASSWORD, options: { data: { full_name: `${label} Hopper` } } });
  expect(error).toBeNull();
  const id = data.user!.id;
  if (options.admin) await api.serviceClient().auth.admin.updateUserById(id, { app_metadata: { admin: true } });
  return sessionUser(id, { email, aal: options.aal ?? 'aal1' });
}

/** A request to an admin route from one address (the audit log records it). */
export function call(method: string, path: string, body?: unknown) {
  return new NextRequest(`http://localhost${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
  });
}

export const withParams = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
