import 'server-only';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { monthStart, utcDay } from '@/features/entitlements/server/usage-period';
import { findPlan, unitAmount } from '@/features/billing/server/prices';
import { entitledStatuses } from '@/features/entitlements/server/effective-plan';
import { adminAuthSettings } from '@/lib/supabase/admin-client';
import { appDatabase } from '@/lib/db/database';
import type { AdminOverview, DayCount } from '../overview';

type Db = Awaited<ReturnType<typeof appDatabase>>['db'];

/** Reads another owner's tables when they live in this database (embedded services, a Supabase database), else null. */
async function optional<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** Every day of the period, with zero for days without any. */
function fillDays(from: Date, days: number, rows: { day: string; count: number }[]): DayCount[] {
  const counts = new Map(rows.map((row) => [String(row.day).slice(0, 10), Number(row.count)]));
  return Array.from({ length: days }, (_, index) => {
    const day = utcDay(new Date(from.getTime() + index * 86_400_000));
    return { day, count: counts.get(day) ?? 0 };
  });
}

async function totalUsers(): Promise<number> {
  // The auth admin API counts (X-Total-Count), so this works against any Supabase-compatible auth service.
  const settings = await adminAuthSettings();
  const response = await (settings.fetch ?? fetch)(`${settings.url}/auth/v1/admin/users?page=1&per_page=1`, {
    headers: { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` },
  });
  if (!response.ok) throw new Error(`GET /admin/users answered ${response.status}`);
  return Number(response.headers.get('x-total-count') ?? 0);
}

async function authFigures(db: Db, from: Date) {
  const [perDay, [active]] = await Promise.all([
    queryRows<{ day: string; count: number }>(
      db,
      sql`select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as count
          from auth.users where created_at >= ${from.toISOString()} group by 1`,
    ),
    queryRows<{ active7: number; active30: number }>(
      db,
      sql`select count(*) filter (where last_sign_in_at >= now() - interval '7 days')::int as active7,
                 count(*) filter (where last_sign_in_at >= now() - interval '30 days')::int as active30
          from auth.users where deleted_at is null`,
    ),
  ]);
  return { perDay, active7: active?.active7 ?? 0, active30: active?.active30 ?? 0 };
}

export async function getOverview(days: number, now = new Date()): Promise<AdminOverview> {
  const { db } = await appDatabase();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const fromDay = utcDay(from);
  const [total, auth, subscriptionRows, [ai], [checks], searches, storage] = await Promise.all([
    totalUsers(),
    optional(() => authFigures(db, from)),
    queryRows<{ plan_id: string; interval: string | null; currency: string | null; status: string; seats: number; paid: boolean; complimentary: boolean }>(
      db,
      sql`select plan_id, interval, currency, status, sum(seats)::int as seats,
                 stripe_subscription_id is not null as paid,
                 complimentary_until is not null and complimentary_until > now() as complimentary
          from app.subscriptions where plan_id <> 'free' group by 1, 2, 3, 4, 6, 7`,
    ),
    queryRows<{ messages: number; tokens: string }>(
      db,
      sql`select coalesce(sum(messages), 0)::int as messages, coalesce(sum(total_tokens), 0)::text as tokens from app.ai_usage where day >= ${fromDay}`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`select coalesce(sum(count), 0)::int as count from app.usage_counters where feature = 'referenceChecksPerMonth' and period >= ${monthStart(from)}`,
    ),
    queryRows<{ day: string; count: number }>(
      db,
      sql`select to_char(period, 'YYYY-MM-DD') as day, sum(count)::int as count from app.usage_counters
          where feature = 'searchesPerDay' and period >= ${fromDay} group by 1`,
    ),
    optional(() => queryRows<{ bytes: string }>(db, sql`select coalesce(sum((metadata ->> 'size')::bigint), 0)::text as bytes from storage.objects`)),
  ]);

  const paying = new Map<string, number>();
  const mrr = new Map<string, number>();
  let complimentary = 0;
  for (const row of subscriptionRows) {
    if (row.complimentary) complimentary += row.seats;
    if (!row.paid || !entitledStatuses.has(row.status) || !row.interval || !row.currency || !findPlan(row.plan_id)) continue;
    paying.set(row.plan_id, (paying.get(row.plan_id) ?? 0) + 1);
    const key = { plan: row.plan_id, interval: row.interval, currency: row.currency } as Parameters<typeof unitAmount>[0];
    const monthly = (unitAmount(key) * row.seats) / (row.interval === 'yearly' ? 12 : 1);
    mrr.set(row.currency, Math.round((mrr.get(row.currency) ?? 0) + monthly));
  }
  const stripeKey = process.env.STRIPE_SECRET_KEY?.trim();
  return {
    days,
    from: fromDay,
    users: { total, newPerDay: auth ? fillDays(from, days, auth.perDay) : null, active7: auth?.active7 ?? null, active30: auth?.active30 ?? null },
    paying: [...paying].map(([plan, accounts]) => ({ plan, accounts })),
    complimentary,
    mrr: [...mrr].map(([currency, amount]) => ({ currency, amount })),
    testMode: !stripeKey || stripeKey.startsWith('sk_test_'),
    ai: { messages: Number(ai?.messages ?? 0), tokens: Number(ai?.tokens ?? 0) },
    referenceChecks: Number(checks?.count ?? 0),
    searchesPerDay: fillDays(from, days, searches),
    storageBytes: storage ? Number(storage[0]?.bytes ?? 0) : null,
  };
}
