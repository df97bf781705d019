// Granting and revoking the admin role, shared by the product's endpoint (POST /api/admin/role) and the command
// line (scripts/admin-role.ts, when no server runs). Relative imports only: the command imports this with tsx (through
// `@citewise/web/scripts`, apps/web/scripts-entry.ts).
import { createClient, type User } from '@supabase/supabase-js';
import { NoRealtime } from '../../lib/supabase/no-realtime';
import { ADMIN_FLAG } from '../../lib/auth/admin-role';

export type AuthAdminSettings = { url: string; serviceRoleKey: string; fetch?: typeof fetch };

export type RoleChange = {
  id: string;
  email: string;
  admin: boolean;
  /** Whether the account was an admin before (so nothing changed when it equals `admin`). */
  before: boolean;
};

export class UnknownAccountError extends Error {
  override name = 'UnknownAccountError';
}

/** The account with exactly this address (the admin API's `filter` narrows the search; the match is exact). */
async function findByEmail(settings: AuthAdminSettings, email: string): Promise<User | null> {
  const url = new URL(`${settings.url}/auth/v1/admin/users`);
  url.searchParams.set('filter', email);
  url.searchParams.set('per_page', '100');
  const response = await (settings.fetch ?? fetch)(url, { headers: { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` } });
  if (!response.ok) throw new Error(`The auth service answered ${response.status} to GET /admin/users`);
  const { users } = (await response.json()) as { users: User[] };
  return users.find((user) => user.email?.toLowerCase() === email) ?? null;
}

/** Marks (or unmarks) the account with `email` as an admin in its app_metadata, through the auth admin API. */
export async function changeAdminRole(settings: AuthAdminSettings, rawEmail: string, admin: boolean): Promise<RoleChange> {
  const email = rawEmail.trim().toLowerCase();
  const user = await findByEmail(settings, email);
  if (!user) throw new UnknownAccountError(`No account has the address ${email}`);
  const before = user.app_metadata?.[ADMIN_FLAG] === true;
  if (before !== admin) {
    const client = createClient(settings.url, settings.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: settings.fetch ? { fetch: settings.fetch } : {},
      realtime: { transport: NoRealtime as never },
    });
    const { error } = await client.auth.admin.updateUserById(user.id, { app_metadata: { [ADMIN_FLAG]: admin } });
    if (error) throw error;
  }
  return { id: user.id, email, admin, before };
}
