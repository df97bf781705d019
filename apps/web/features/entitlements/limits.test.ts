import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';
import { migrations } from '@/lib/db/migrations';
import { subscriptions, usageCounters } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import { errorResponse } from '@/lib/route';
import { AppError } from '@/lib/errors';

// Plan limits where the work happens, with one error shape: counted features, the library's size after a
// downgrade (read-only for new papers, nothing deleted), and the message in the user's language.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
const api = setUpWebApi({ migrations: [migrations], timeout: 180_000 });

const { consumeLimit } = await import('./server/limits');
const papersRoute = await import('@/app/api/library/papers/route');

const newUser = () => localUser();

describe('counted limits', () => {
  it('counts each use and refuses the one past the plan’s limit, uncounted, saying which limit, the usage and the reset', async () => {
    const user = newUser();
    const now = new Date('2026-11-25T10:00:00Z');
    await runAsUser(api.handle, user.claims, (db) =>
      db.insert(usageCounters).values({ userId: user.id, feature: 'searchesPerDay', period: '2026-11-25', count: 49 }),
    );
    await consumeLimit(user.claims, 'searchesPerDay', now);
    const refused = await consumeLimit(user.claims, 'searchesPerDay', now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).limit).toEqual({ feature: 'searchesPerDay', limit: 50, used: 50, resets_on: '2026-11-26', upgrade_url: '/pricing' });
    const [counter] = await runAsUser(api.handle, user.claims, (db) => db.select().from(usageCounters));
    expect(counter?.count).toBe(50);
    // The next day starts from zero.
    await consumeLimit(user.claims, 'searchesPerDay', new Date('2026-11-26T00:00:01Z'));

    const response = errorResponse(refused, 'zh');
    expect(response.status).toBe(429);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 'plan_limit_reached', limit: { feature: 'searchesPerDay', limit: 50, used: 50, resets_on: '2026-11-26' } });
    expect(body.error.message).toContain('50 次检索已用完');
    expect((await errorResponse(refused, 'en').json()).error.message).toMatch(/all 50 searches of your plan today.*November 26, 2026/);
  });

  it('never refuses a plan without that limit', async () => {
    const user = newUser();
    await api.handle.db.insert(subscriptions).values({ userId: user.id, planId: 'pro', status: 'active' });
    await runAsUser(api.handle, user.claims, (db) =>
      db.insert(usageCounters).values({ userId: user.id, feature: 'referenceChecksPerMonth', period: '2026-11-01', count: 10_000 }),
    );
    await expect(consumeLimit(user.claims, 'referenceChecksPerMonth', new Date('2026-11-25T10:00:00Z'))).resolves.toBeUndefined();
  });
});

describe('the library’s size', () => {
  it('after a downgrade keeps every paper, refuses new ones, and still saves those already there', async () => {
    const user = newUser();
    api.signIn(user);
    const [first, second] = testPapers;
    const save = (paper: unknown) =>
      papersRoute.POST(
        new NextRequest('http://localhost/api/library/papers', {
          method: 'POST',
          body: JSON.stringify({ paper }),
          headers: { 'content-type': 'application/json' },
        }),
      );
    expect((await save(first)).status).toBe(200);
    // 499 more papers: the Free plan's 500.
    await api.handle.db.execute(
      sql`insert into app.library_papers (user_id, paper_id, paper) select ${user.id}::uuid, 'filler-' || n, ${JSON.stringify(first)}::jsonb from generate_series(1, 499) as n`,
    );
    const refused = await save(second);
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error).toMatchObject({
      code: 'plan_limit_reached',
      limit: { feature: 'libraryPapers', limit: 500, used: 500, resets_on: null, upgrade_url: '/pricing' },
    });
    expect(body.error.message).toMatch(/Nothing is deleted/);
    expect((await save(first)).status).toBe(200);
    const [count] = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from app.library_papers where user_id = ${user.id}::uuid`);
    expect(count?.n).toBe(500);

    await api.handle.db
      .insert(subscriptions)
      .values({ userId: user.id, planId: 'pro', status: 'active' })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { planId: 'pro' } });
    expect((await save(second)).status).toBe(200);
  });
});
