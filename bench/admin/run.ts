// The admin area's users list with many accounts: the first page and a search, as GET /api/admin/users makes them
// (the auth admin API `GET /admin/users?page&per_page[&filter]` as the service role, then the page's plans in one
// query), and the filtered lists (plan, status, sign-in method, two-step, alone and with a search: one query on the
// auth tables, apps/web/features/admin/user-query.ts, then the page's plans), next to the floor measured in the same
// run: one indexed query for the same 25 newest ids.
// Usage: DATABASE_URL=postgres://… npm run bench:admin [-- --users 100000 --samples 200]   (PGlite in memory without it)
import { parseArgs } from 'node:util';
import { migrate, queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createAuthService, loadAuthConfig, migrations as authMigrations } from '@citewise/platform-auth';
import { filteredUserQueries, type UserFilters } from '../../apps/web/features/admin/user-query';
import { migrations as appMigrations } from '../../apps/web/lib/db/migrations';
import { openBenchDatabase } from '../lib/database';

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' }, samples: { type: 'string', default: '200' } } });
const userCount = Number(values.users);
const samples = Number(values.samples);
const PER_PAGE = 25;

const handle = await openBenchDatabase('citewise_bench_admin');
await migrate(handle, [authMigrations, appMigrations]);
const auth = await createAuthService({
  db: handle.db,
  config: loadAuthConfig({ SITE_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_DISABLED: 'true' }),
  basePath: '/platform',
});
const key = auth.keys.serviceRoleKey;

// Accounts as sign-up makes them (an email identity each), created over the last year; every tenth pays, every
// seventh is banned, every eleventh has an authenticator, every thirteenth also signs in with GitHub, every
// seventeenth has not confirmed its address.
const seedStart = performance.now();
await queryRows(
  handle.db,
  sql`insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      select gen_random_uuid(), 'reader' || n || '@example.com', case when n % 17 = 0 then null else now() end, '{"provider":"email","providers":["email"]}'::jsonb,
             jsonb_build_object('full_name', 'Reader ' || n), now() - (n || ' minutes')::interval * 5, now()
      from generate_series(1, ${userCount}) as n`,
);
await queryRows(
  handle.db,
  sql`insert into auth.identities (user_id, provider, provider_id, email, identity_data)
      select id, 'email', id::text, email, jsonb_build_object('sub', id::text, 'email', email) from auth.users`,
);
await queryRows(handle.db, sql`insert into app.subscriptions (user_id, plan_id) select id, 'pro' from auth.users where right(email, 13) like '0@example.com'`);
const nth = (n: number) => sql`(substring(email from 'reader([0-9]+)@')::int % ${n}) = 0`;
await queryRows(handle.db, sql`update auth.users set banned_until = now() + interval '30 days' where ${nth(7)}`);
await queryRows(
  handle.db,
  sql`insert into auth.mfa_factors (user_id, factor_type, status, friendly_name) select id, 'totp', 'verified', 'app' from auth.users where ${nth(11)}`,
);
await queryRows(
  handle.db,
  sql`insert into auth.identities (user_id, provider, provider_id, email, identity_data)
      select id, 'github', 'gh-' || id::text, email, jsonb_build_object('sub', 'gh-' || id::text) from auth.users where ${nth(13)}`,
);
// As autovacuum leaves a table after a bulk load: statistics, and a visibility map for index-only scans.
await queryRows(handle.db, sql`vacuum analyze`);
const seedSeconds = (performance.now() - seedStart) / 1000;

async function listPage(filter?: string) {
  const url = new URL('http://localhost:3000/platform/auth/v1/admin/users');
  url.searchParams.set('page', '1');
  url.searchParams.set('per_page', String(PER_PAGE));
  if (filter) url.searchParams.set('filter', filter);
  const response = await auth.fetch(new Request(url, { headers: { apikey: key, authorization: `Bearer ${key}` } }));
  if (!response.ok) throw new Error(`GET /admin/users answered ${response.status}`);
  const { users } = (await response.json()) as { users: { id: string }[] };
  if (users.length === 0) throw new Error(`no accounts for ${filter}`);
  const ids = users.map((user) => user.id);
  await queryRows(handle.db, sql`select user_id, plan_id, complimentary_until from app.subscriptions where user_id in ${ids}`);
  return ids.length;
}

/** A filtered page as GET /api/admin/users makes it: the page and the total in parallel, then the page's plans. */
async function filteredPage(filters: Partial<UserFilters>) {
  const queries = filteredUserQueries({ query: '', page: 1, per_page: PER_PAGE, sort: 'created_at desc', ...filters });
  const [users] = await Promise.all([queryRows<{ id: string }>(handle.db, queries.page), queryRows(handle.db, queries.count)]);
  const ids = users.map((user) => user.id);
  if (ids.length) await queryRows(handle.db, sql`select user_id, plan_id, complimentary_until from app.subscriptions where user_id in ${ids}`);
  return ids.length;
}

async function measure(op: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await op(i);
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await op(i);
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: pick(0.5), p95: pick(0.95) };
}

const rows = [
  {
    name: 'floor: 25 newest ids (one indexed query)',
    result: await measure(() => queryRows(handle.db, sql`select id from auth.users order by created_at desc, id limit ${PER_PAGE}`)),
  },
  { name: 'first page (admin API + plans)', result: await measure(() => listPage()) },
  // A different address each time, so no plan or cache is reused for one value; each matches a handful of accounts.
  { name: 'search by address fragment', result: await measure((i) => listPage(`reader${((i * 7919) % userCount) + 1}@`)) },
  { name: 'search by name', result: await measure((i) => listPage(`Reader ${((i * 104729) % userCount) + 1}`)) },
  { name: 'filter: plan Pro', result: await measure(() => filteredPage({ plan: 'pro' })) },
  { name: 'filter: plan Free', result: await measure(() => filteredPage({ plan: 'free' })) },
  { name: 'filter: banned', result: await measure(() => filteredPage({ status: 'banned' })) },
  { name: 'filter: unconfirmed, oldest first', result: await measure(() => filteredPage({ status: 'unconfirmed', sort: 'created_at asc' })) },
  { name: 'filter: active + two-step', result: await measure(() => filteredPage({ status: 'active', two_step: 'yes' })) },
  { name: 'filter: GitHub + Pro + no two-step', result: await measure(() => filteredPage({ provider: 'github', plan: 'pro', two_step: 'no' })) },
  {
    name: 'filter: banned + search by address',
    result: await measure((i) => filteredPage({ status: 'banned', query: `reader${((i * 7919) % userCount) + 1}` })),
  },
];

console.log(
  `${userCount.toLocaleString('en')} accounts on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (seeded in ${seedSeconds.toFixed(1)} s), ${samples} samples each, ${PER_PAGE} per page`,
);
const floor = rows[0]!.result.p95;
for (const { name, result } of rows) {
  console.log(
    `${name.padEnd(44)} p50 ${result.p50.toFixed(1).padStart(7)} ms   p95 ${result.p95.toFixed(1).padStart(7)} ms   ${(result.p95 / floor).toFixed(1).padStart(6)}× floor`,
  );
}
await handle.close();
