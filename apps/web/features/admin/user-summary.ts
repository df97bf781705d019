import type { User } from '@supabase/supabase-js';
import { ADMIN_FLAG } from '@/lib/auth/admin-role';

export type AccountStatus = 'active' | 'unconfirmed' | 'banned' | 'deleted';

/** One account as the admin area lists it. */
export type AdminUserSummary = {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  banned_until: string | null;
  status: AccountStatus;
  providers: string[];
  two_step: boolean;
  admin: boolean;
  plan: { id: string; complimentary_until: string | null };
};

type AuthUser = User & { banned_until?: string | null; deleted_at?: string | null };

export function accountStatus(user: AuthUser, now = new Date()): AccountStatus {
  if (user.deleted_at) return 'deleted';
  if (user.banned_until && new Date(user.banned_until).getTime() > now.getTime()) return 'banned';
  if (!user.email_confirmed_at && !user.phone_confirmed_at) return 'unconfirmed';
  return 'active';
}

export function summarizeUser(user: AuthUser, plan: AdminUserSummary['plan']): AdminUserSummary {
  const name = user.user_metadata?.full_name;
  return {
    id: user.id,
    email: user.email || null,
    phone: user.phone || null,
    name: typeof name === 'string' && name ? name : null,
    created_at: user.created_at,
    last_sign_in_at: user.last_sign_in_at ?? null,
    banned_until: user.banned_until ?? null,
    status: accountStatus(user),
    providers: Array.isArray(user.app_metadata?.providers) ? (user.app_metadata.providers as string[]) : [],
    two_step: (user.factors ?? []).some((factor) => factor.status === 'verified'),
    admin: user.app_metadata?.[ADMIN_FLAG] === true,
    plan,
  };
}

/** GET /api/admin/users */
export type UserList = { users: AdminUserSummary[]; total: number; page: number; per_page: number };
