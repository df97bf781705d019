import 'server-only';
import type { User } from '@supabase/supabase-js';
import { adminAuthSettings, createSupabaseAdminClient } from '@/features/settings/server/admin-client';
import { AppError } from '@/lib/errors';
import type { ListUsersInput } from '../schema';
import { summarizeUser, type UserList } from '../user-summary';
import { plansOf } from './user-plans';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of accounts through the auth admin API (`page`, `per_page`, and GoTrue's `filter` on address and name);
 * an id is looked up directly. Only the page asked for is ever loaded.
 */
export async function listUsers(input: ListUsersInput): Promise<UserList> {
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
  const plans = await plansOf(users.map((user) => user.id));
  return {
    users: users.map((user) => summarizeUser(user, plans.get(user.id) ?? { id: 'free', complimentary_until: null })),
    total,
    page: input.page,
    per_page: input.per_page,
  };
}
