import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from './client';

/** One migration as `drizzle-kit generate` wrote it, embedded in the owner's code (see scripts/embed-migrations.mjs). */
export interface Migration {
  tag: string;
  /** `when` from drizzle-kit's journal: migrations apply in this order. */
  createdAt: number;
  hash: string;
  statements: string[];
}

/** A schema owner (`auth`, `storage`, `ai`, `scholar`, `app`) and its migrations. */
export interface MigrationSet {
  owner: string;
  migrations: Migration[];
}

export class MigrationError extends Error {
  constructor(
    readonly owner: string,
    readonly tag: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${owner}/${tag} failed: ${reason}. Nothing of this migration run was applied.`, { cause });
    this.name = 'MigrationError';
  }
}

/**
 * Applies the pending migrations of each owner. Each owner's pending migrations run in one transaction, so a
 * failure leaves that owner's schema exactly as it was. The bookkeeping table has drizzle-kit's layout
 * (`drizzle.__migrations_<owner>`), so `drizzle-kit migrate` and this agree on what has been applied.
 * Returns the tags applied now.
 */
export async function migrate(handle: DatabaseHandle, sets: MigrationSet[]): Promise<string[]> {
  return handle.withLock('citewise:migrations', async () => {
    const applied: string[] = [];
    for (const set of sets) applied.push(...(await migrateOwner(handle, set)));
    return applied;
  });
}

async function migrateOwner({ db }: DatabaseHandle, { owner, migrations }: MigrationSet): Promise<string[]> {
  const table = sql.identifier(`__migrations_${owner}`);
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`create table if not exists drizzle.${table} (id serial primary key, hash text not null, created_at bigint)`);
  const [latest] = await queryRows<{ created_at: string | number }>(db, sql`select created_at from drizzle.${table} order by created_at desc limit 1`);
  const last = latest ? Number(latest.created_at) : -1;
  const pending = [...migrations].sort((a, b) => a.createdAt - b.createdAt).filter((m) => m.createdAt > last);
  if (pending.length === 0) return [];

  let current = pending[0]!.tag;
  try {
    await db.transaction(async (tx) => {
      for (const migration of pending) {
        current = migration.tag;
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into drizzle.${table} (hash, created_at) values (${migration.hash}, ${migration.createdAt})`);
      }
    });
  } catch (error) {
    throw new MigrationError(owner, current, error);
  }
  return pending.map((m) => `${owner}/${m.tag}`);
}
