import 'server-only';
import type { DatabaseHandle } from '@citewise/db';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { Plan } from '@/config/plans';
import { planOf } from '@/features/entitlements/server/limits';
import { runAsUser, type UserDb } from '@/lib/db/with-user-db';

const MIB = 1024 * 1024;

/** The plan's `storageMb` in bytes; null when the plan has no limit. */
export function quotaBytes(plan: Plan): number | null {
  const value = plan.features.storageMb;
  return typeof value === 'number' ? value * MIB : null;
}

/**
 * Bytes the user keeps in every bucket (files and the profile picture count toward one quota), read as the user:
 * the storage schema's policies let a person see only their own objects, and the filter says the same.
 */
export async function usedBytes(db: UserDb, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: string | number }>(
    db,
    sql`select coalesce(sum((metadata->>'size')::bigint), 0) as used from storage.objects where owner_id = ${userId}`,
  );
  return Number(row?.used ?? 0);
}

/**
 * The storage service's quota hook: everything a person stores (files and profile picture) may add up to their
 * plan's `storageMb`. The service calls it for every upload and copy with the owner's verified user id, and
 * refuses what would pass it, whichever client sent the bytes.
 */
export function storageQuota(handle: Pick<DatabaseHandle, 'db'>) {
  return async (ownerId: string): Promise<number | null> => {
    const plan = await runAsUser(handle, { sub: ownerId, role: 'authenticated' }, (db) => planOf(db, ownerId));
    return quotaBytes(plan);
  };
}
