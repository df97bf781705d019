import { sql } from '@citewise/db/orm';
import type { Database, DatabaseHandle } from '@citewise/db';
import { AppError } from '@/lib/errors';

/** A transaction running as the signed-in user: Row Level Security decides which rows it sees. */
export type UserDb = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Verified JWT claims (from getClaims()); `sub` is the user id the policies compare rows with. */
export type UserClaims = { sub: string } & Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `fn` in a transaction as role `authenticated` with `claims` in `request.jwt.claims` (the Supabase
 * pattern). Both settings are local to the transaction, so a pooled connection never carries them to the
 * next query. A query that forgets `where user_id = …` still sees only this user's rows.
 */
export async function runAsUser<T>(handle: Pick<DatabaseHandle, 'db'>, claims: UserClaims, fn: (db: UserDb) => Promise<T>): Promise<T> {
  if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) {
    throw new AppError('unauthorized', { message: 'The session has no valid user id' });
  }
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local role authenticated`);
    await tx.execute(sql`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`);
    return fn(tx);
  });
}
