import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createTestDatabase } from '@citewise/db/testing';
import { AppError } from '@/lib/errors';
import { migrations } from './migrations';
import { subscriptions } from './schema';
import { runAsUser } from './with-user-db';

// Runs on PGlite, and on the PostgreSQL server in TEST_DATABASE_URL when set (npm test does both in CI).
let handle: DatabaseHandle;
const alice = { sub: randomUUID(), role: 'authenticated', email: 'alice@example.com' };
const bob = { sub: randomUUID(), role: 'authenticated', email: 'bob@example.com' };

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  await runAsUser(handle, alice, (db) => db.insert(subscriptions).values({ userId: alice.sub }));
  await runAsUser(handle, bob, (db) => db.insert(subscriptions).values({ userId: bob.sub, planId: 'free' }));
}, 60_000);

afterAll(() => handle?.close());

describe('withUserDb and Row Level Security', () => {
  it('shows a query without a user filter only the signed-in user’s rows', async () => {
    const rows = await runAsUser(handle, alice, (db) => db.select().from(subscriptions));
    expect(rows.map((row) => row.userId)).toEqual([alice.sub]);
    const raw = await runAsUser(handle, bob, (db) => queryRows<{ user_id: string }>(db, sql`select user_id from app.subscriptions`));
    expect(raw.map((row) => row.user_id)).toEqual([bob.sub]);
  });

  it('holds both rows, which the owner of the table sees', async () => {
    const all = await queryRows<{ user_id: string }>(handle.db, sql`select user_id from app.subscriptions`);
    expect(all.map((row) => row.user_id).sort()).toEqual([alice.sub, bob.sub].sort());
  });

  it('refuses to write a row for another user', async () => {
    const failure = await runAsUser(handle, alice, (db) => db.insert(subscriptions).values({ userId: bob.sub })).catch((error: unknown) => error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/row-level security/);
  });

  it('refuses commands the table has no policy for', async () => {
    const updated = await runAsUser(handle, alice, (db) => db.update(subscriptions).set({ planId: 'team' }).returning());
    expect(updated).toEqual([]);
    const [row] = await runAsUser(handle, alice, (db) => db.select().from(subscriptions));
    expect(row?.planId).toBe('free');
  });

  it('runs as the authenticated role with the claims, only inside the transaction', async () => {
    const [inside] = await runAsUser(handle, alice, (db) =>
      queryRows<{ role: string; uid: string }>(db, sql`select current_user as role, app.current_user_id()::text as uid`),
    );
    expect(inside).toEqual({ role: 'authenticated', uid: alice.sub });
    const [outside] = await queryRows<{ role: string; uid: string | null }>(handle.db, sql`select current_user as role, app.current_user_id()::text as uid`);
    expect(outside?.role).not.toBe('authenticated');
    expect(outside?.uid).toBeNull();
  });

  it('sees nothing for a user without rows', async () => {
    const rows = await runAsUser(handle, { sub: randomUUID() }, (db) => db.select().from(subscriptions));
    expect(rows).toEqual([]);
  });

  it('refuses claims without a user id', async () => {
    await expect(runAsUser(handle, { sub: 'not-a-uuid' }, async () => 1)).rejects.toBeInstanceOf(AppError);
  });
});

describe('the app migrations', () => {
  it('apply in parallel on fresh databases (the role is shared by the whole server)', async () => {
    const handles = await Promise.all([createTestDatabase([migrations]), createTestDatabase([migrations])]);
    try {
      for (const other of handles) {
        const rows = await runAsUser(other, alice, (db) => db.select().from(subscriptions));
        expect(rows).toEqual([]);
      }
    } finally {
      await Promise.all(handles.map((other) => other.close()));
    }
  }, 60_000);
});
