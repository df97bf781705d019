import 'server-only';
import type { User } from '@supabase/supabase-js';
import { queryRows } from '@citewise/db';
import { adminAuthSettings, createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { appDatabase } from '@/lib/db/database';
import { AppError } from '@/lib/errors';
import type { ListUsersInput } from '../schema';
import { filteredUserQueries } from '../user-query';
import { summarizeUser, type UserList } from '../user-summary';
import { plansOf } from './user-plans';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hasFilters = (input: ListUsersInput) => Boolean(input.plan || input.status || input.provider || input.two_step);

/**
 * One page of accounts. Only the page asked for is ever loaded.
 *
 * Without filters the list comes from the auth admin API (`page`, `per_page`, and GoTrue's `filter` on address and
 * name; an id is looked up directly), so it works against any Supabase-compatible auth service.
 *
 * GoTrue's admin list cannot filter by plan, status, sign-in provider or two-step, and the plan is not the auth
 * service's at all. Fetching every account to filter here would not scale, so a filtered list is one query on
 * the auth tables (`auth.users`, `auth.identities`, `auth.mfa_factors`) joined with `app.subscriptions` — possible
 * when the auth service keeps its accounts in this database, as the embedded service and a Supabase project's own
 * database do (the overview reads them the same way). Those tables keep GoTrue's names and columns in both.
 * Where they live elsewhere, a filtered list answers `auth_unavailable` and the unfiltered list still works.
 */
export async function listUsers(input: ListUsersInput): Promise<UserList> {
  if (hasFilters(input)) return listFilteredUsers(input);
  let users: User[];
  let total: number;
  if (UUID.test(input.query)) {
    const admin = await createSupabaseAdminClient();
    const { data, error } = await admin.auth.admin.getUserById(input.query.toLowerCase());
    if (error && error.status !== 404) throw new AppError('auth_unavailable', { cause: error });
    users = data?.user ? [data.user] : [];
    total = users.length;
  } else {
    // supabase-js's listUsers() has no `filter`; the same endpoint is called with it, as the service role.
    const settings = await adminAuthSettings();
    const url = new URL(`${settings.url}/auth/v1/admin/users`);
    url.searchParams.set('page', String(input.page));
    url.searchParams.set('per_page', String(input.per_page));
    url.searchParams.set('sort', input.sort);
    if (input.query) url.searchParams.set('filter', input.query);
    const response = await (settings.fetch ?? fetch)(url, {
      headers: { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` },
    });
    if (!response.ok) throw new AppError('auth_unavailable', { cause: new Error(`GET /admin/users answered ${response.status}`) });
    users = ((await response.json()) as { users: User[] }).users;
    total = Number(response.headers.get('x-total-count') ?? users.length);
  }
  return withPlans(users, total, input);
}

async function withPlans(users: User[], total: number, input: ListUsersInput): Promise<UserList> {
  const plans = await plansOf(users.map((user) => user.id));
  return {
    users: users.map((user) => summarizeUser(user, plans.get(user.id) ?? { id: 'free', complimentary_until: null })),
    total,
    page: input.page,
    per_page: input.per_page,
  };
}

type Row = {
  id: string;
  email: string | null;
  phone: string | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
  email_confirmed_at: Date | string | null;
  phone_confirmed_at: Date | string | null;
  app_metadata: Record<string, unknown> | string | null;
  user_metadata: Record<string, unknown> | string | null;
  two_step: boolean;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const json = (value: Record<string, unknown> | string | null) => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value ?? {}));

async function listFilteredUsers(input: ListUsersInput): Promise<UserList> {
  const { db } = await appDatabase();
  const queries = filteredUserQueries(input);
  let rows: Row[];
  let total: number;
  try {
    const [page, [count]] = await Promise.all([queryRows<Row>(db, queries.page), queryRows<{ total: number }>(db, queries.count)]);
    rows = page;
    total = Number(count?.total ?? 0);
  } catch (error) {
    // The auth tables are not in this database (a hosted auth service with its own): filters are not available.
    throw new AppError('auth_unavailable', { cause: error });
  }
  const users = rows.map(
    (row) =>
      ({
        id: row.id,
        email: row.email ?? undefined,
        phone: row.phone ?? undefined,
        created_at: iso(row.created_at)!,
        last_sign_in_at: iso(row.last_sign_in_at) ?? undefined,
        banned_until: iso(row.banned_until),
        deleted_at: iso(row.deleted_at),
        email_confirmed_at: iso(row.email_confirmed_at) ?? undefined,
        phone_confirmed_at: iso(row.phone_confirmed_at) ?? undefined,
        app_metadata: json(row.app_metadata),
        user_metadata: json(row.user_metadata),
        factors: row.two_step ? [{ status: 'verified' }] : [],
        aud: 'authenticated',
      }) as unknown as User,
  );
  return withPlans(users, total, input);
}
