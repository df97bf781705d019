// The host's storage quota: one number of bytes per owner, over every bucket they write to.
//
// Parallel writes must never pass it together, so the last step of every write that adds bytes (upload, update,
// copy) runs under a lock on the owner, in the transaction that writes the row: the bytes already stored are
// counted there and the write is refused if it would pass the quota. Earlier checks (the declared size, the
// stream cut at what is left) only refuse sooner; this one is the one that holds.
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { Tx } from './access';
import type { StorageContext } from './context';
import { errors } from './errors';

export interface Replaced {
  bucketId: string;
  key: string;
}

/** Bytes the owner keeps, in every bucket, leaving out the object a write replaces. Counted with full rights. */
async function usedBytes(tx: Tx | StorageContext['db'], ownerId: string, replaced: Replaced): Promise<number> {
  const [row] = await queryRows<{ used: string | number }>(
    tx,
    sql`select coalesce(sum((metadata->>'size')::bigint), 0) as used from storage.objects
        where owner_id = ${ownerId} and not (bucket_id = ${replaced.bucketId} and name = ${replaced.key})`,
  );
  return Number(row?.used ?? 0);
}

/** Bytes the owner may still add (Infinity without a quota): for refusing early, before the bytes arrive. */
export async function quotaLeft(ctx: StorageContext, ownerId: string | null, replaced: Replaced): Promise<number> {
  if (!ctx.quota || !ownerId) return Infinity;
  const allowed = await ctx.quota(ownerId);
  if (allowed === null) return Infinity;
  return Math.max(0, allowed - (await usedBytes(ctx.db, ownerId, replaced)));
}

/**
 * The final check, to run inside the writing transaction before its role is lowered (asCaller's guard): waits
 * for the owner's other writes to commit, then throws QuotaExceeded if `size` more bytes would pass the quota.
 * The host's quota is asked first, outside that transaction: it may read the database itself, and an embedded
 * database has one connection.
 */
export async function quotaGuard(
  ctx: StorageContext,
  ownerId: string | null,
  replaced: Replaced,
  size: number,
): Promise<((tx: Tx) => Promise<void>) | undefined> {
  if (!ctx.quota || !ownerId) return undefined;
  const allowed = await ctx.quota(ownerId);
  if (allowed === null) return undefined;
  return async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage-quota:${ownerId}`}, 0))`);
    if ((await usedBytes(tx, ownerId, replaced)) + size > allowed) throw errors.quotaExceeded();
  };
}
