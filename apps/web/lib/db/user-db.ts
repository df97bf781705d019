import 'server-only';
import { appDatabase } from './database';
import { runAsUser, type UserClaims, type UserDb } from './with-user-db';

export type { UserClaims, UserDb };

/**
 * The helper features use for user data (library, notes, subscriptions):
 *
 *   const user = await requireUser();
 *   const papers = await withUserDb(user.claims, (db) => db.select().from(savedPapers));
 *
 * The claims must come from getClaims() (route() and requireUser() provide them), never from a cookie.
 */
export async function withUserDb<T>(claims: UserClaims, fn: (db: UserDb) => Promise<T>): Promise<T> {
  return runAsUser(await appDatabase(), claims, fn);
}
