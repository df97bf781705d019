import 'server-only';
import type { DatabaseHandle } from '@citewise/db';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { Plan } from '@/config/plans';
import { planOf } from '@/features/billing/server/limits';
import { runAsUser, type UserDb } from '@/lib/db/with-user-db';
import { FILES_BUCKET } from '../file-keys';

const MIB = 1024 * 1024;

/** The plan's `storageMb` in bytes; null when the plan has no limit. */
export function quotaBytes(plan: Plan): number | null {
  const value = plan.features.storageMb;
  return typeof value === 'number' ? value * MIB : null;
}

/**
 * Bytes the user keeps in the `files` bucket, read as the user: the storage schema's policies let a person see
 * only their own objects, and the filter says the same.
 */
export async function usedBytes(db: UserDb, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: string | number }>(
    db,
    sql`select coalesce(sum((metadata->>'size')::bigint), 0) as used from storage.objects where bucket_id = ${FILES_BUCKET} and owner_id = ${userId}`,
  );
  return Number(row?.used ?? 0);
}

/**
 * The storage service's quota hook: a person's `files` may hold up to their plan's `storageMb`; other buckets
 * (avatars) have only their own size limits. The service calls it for every upload and copy with the owner's
 * verified user id, and refuses what would pass it, whichever client sent the bytes.
 */
export function storageQuota(handle: Pick<DatabaseHandle, 'db'>) {
  return async (ownerId: string, bucketId: string): Promise<number | null> => {
    if (bucketId !== FILES_BUCKET) return null;
    const plan = await runAsUser(handle, { sub: ownerId, role: 'authenticated' }, (db) => planOf(db, ownerId));
    return quotaBytes(plan);
  };
}
