import { sql, type SQL } from '@citewise/db/orm';

// The admin users list with filters, as SQL on the auth tables (GoTrue's names: auth.users, auth.identities,
// auth.mfa_factors) and app.subscriptions. Kept apart from the server code so bench/admin measures this very query.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UserFilters = {
  query: string;
  page: number;
  per_page: number;
  sort: 'created_at desc' | 'created_at asc';
  plan?: string;
  status?: 'active' | 'unconfirmed' | 'banned' | 'deleted';
  provider?: string;
  two_step?: 'yes' | 'no';
};

/** The conditions of the filters and the search on `auth.users u`; the effective plan reads as in plansOf(). */
export function userConditions(input: Omit<UserFilters, 'page' | 'per_page' | 'sort'>): SQL[] {
  const where: SQL[] = [];
  if (input.query) {
    if (UUID.test(input.query)) where.push(sql`u.id = ${input.query.toLowerCase()}::uuid`);
    else {
      // As the auth service's own `filter`: a substring of the address, the name, or the phone (stored without '+').
      const escape = (text: string) => text.replace(/[%_\\]/g, '\\$&');
      const pattern = `%${escape(input.query)}%`;
      const phone = `%${escape(input.query.replace(/^\+/, ''))}%`;
      where.push(sql`(u.email ilike ${pattern} or (u.raw_user_meta_data ->> 'full_name') ilike ${pattern} or u.phone ilike ${phone})`);
    }
  }
  if (input.status === 'deleted') where.push(sql`u.deleted_at is not null`);
  else if (input.status) {
    where.push(sql`u.deleted_at is null`);
    if (input.status === 'banned') where.push(sql`u.banned_until > now()`);
    else {
      where.push(sql`(u.banned_until is null or u.banned_until <= now())`);
      const confirmed = sql`(u.email_confirmed_at is not null or u.phone_confirmed_at is not null)`;
      where.push(input.status === 'active' ? confirmed : sql`not ${confirmed}`);
    }
  }
  if (input.provider) where.push(sql`exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = ${input.provider})`);
  if (input.two_step) {
    const factor = sql`exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified')`;
    where.push(input.two_step === 'yes' ? factor : sql`not ${factor}`);
  }
  if (input.plan) {
    // effectivePlanId() spelled so the planner can estimate it: a plan given by hand counts until complimentary_until.
    const entitles = sql`(s.complimentary_until is null or s.complimentary_until > now())`;
    if (input.plan === 'free') where.push(sql`not exists (select 1 from app.subscriptions s where s.user_id = u.id and s.plan_id <> 'free' and ${entitles})`);
    else where.push(sql`exists (select 1 from app.subscriptions s where s.user_id = u.id and s.plan_id = ${input.plan} and ${entitles})`);
  }
  return where;
}

/** One page of accounts (the columns summarizeUser() needs, and whether a verified factor exists) and the total. */
export function filteredUserQueries(input: UserFilters): { page: SQL; count: SQL } {
  const conditions = userConditions(input);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order = input.sort === 'created_at asc' ? sql`u.created_at asc, u.id asc` : sql`u.created_at desc, u.id asc`;
  return {
    page: sql`select u.id, u.email, u.phone, u.created_at, u.last_sign_in_at, u.banned_until, u.deleted_at, u.email_confirmed_at,
                     u.phone_confirmed_at, u.raw_app_meta_data as app_metadata, u.raw_user_meta_data as user_metadata,
                     exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') as two_step
              from auth.users u ${where} order by ${order} limit ${input.per_page} offset ${(input.page - 1) * input.per_page}`,
    count: sql`select count(*)::int as total from auth.users u ${where}`,
  };
}
