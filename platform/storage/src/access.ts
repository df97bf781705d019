// Running a request's queries as its caller (docs/protocols/supabase-storage.md §1.3, §4): the service role as the
// tables' owner, which bypasses Row Level Security; everyone else as `authenticated` or `anon` with the verified claims
// in `request.jwt.claims`, so the policies of storage.objects decide what a query may see and change.
import type { Database } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { Caller } from './auth';
import { errors, sqlState, StorageError } from './errors';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `fn` as the caller in one transaction. `guard`, when given, runs first in the same transaction with the
 * service's own rights: a lock, or a count that the caller's policies would hide (quota.ts).
 */
export async function asCaller<T>(db: Database, caller: Caller, fn: (tx: Tx) => Promise<T>, guard?: (tx: Tx) => Promise<void>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await guard?.(tx);
      if (caller.role !== 'service_role') {
        await tx.execute(sql.raw(`set local role ${caller.role === 'authenticated' ? 'authenticated' : 'anon'}`));
        await tx.execute(sql`select set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`);
      }
      return fn(tx);
    });
  } catch (error) {
    throw translate(error);
  }
}

/** A rolled-back run: checks that the caller may write a row before any bytes are accepted (the real server's dry run). */
export async function dryRun(db: Database, caller: Caller, fn: (tx: Tx) => Promise<unknown>): Promise<void> {
  const done = new RollBack();
  try {
    await asCaller(db, caller, async (tx) => {
      await fn(tx);
      throw done;
    });
  } catch (error) {
    if (error !== done) throw error;
  }
}

class RollBack extends Error {}

/** PostgreSQL's refusals as Storage errors: a policy's WITH CHECK, a duplicate key, a missing bucket. */
export function translate(error: unknown): unknown {
  if (error instanceof StorageError || error instanceof RollBack) return error;
  switch (sqlState(error)) {
    case '42501':
      return errors.rlsDenied();
    case '23505':
      return errors.resourceExists();
    case '23503':
      return errors.noSuchBucket();
    default:
      return error;
  }
}
