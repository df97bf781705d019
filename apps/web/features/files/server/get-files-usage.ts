import 'server-only';
import type { PlanId } from '@/config/plans';
import { planOf } from '@/features/entitlements/server/limits';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import type { SessionUser } from '@/lib/auth/session';
import { withUserDb } from '@/lib/db/user-db';
import { AppError } from '@/lib/errors';
import { FILES_BUCKET } from '@/lib/files/file-keys';
import type { FilesUsage } from '../types';
import { quotaBytes, usedBytes } from './storage-quota';

/**
 * What the files page needs before anything is uploaded: the bytes used against the plan's quota, and the
 * bucket's own size and type limits, read from the bucket itself (the service-role client; only it may read
 * bucket settings) so the page refuses early exactly what the service would refuse.
 */
export async function getFilesUsage(user: SessionUser): Promise<FilesUsage> {
  const [mine, bucket] = await Promise.all([
    withUserDb(user.claims, async (db) => ({ plan: await planOf(db, user.id), used: await usedBytes(db, user.id) })),
    createSupabaseAdminClient().then((admin) => admin.storage.getBucket(FILES_BUCKET)),
  ]);
  if (bucket.error || !bucket.data) throw new AppError('internal_error', { cause: bucket.error ?? new Error('no files bucket') });
  return {
    planId: mine.plan.id as PlanId,
    usedBytes: mine.used,
    quotaBytes: quotaBytes(mine.plan),
    fileSizeLimit: bucket.data.file_size_limit ?? null,
    allowedMimeTypes: bucket.data.allowed_mime_types ?? null,
  };
}
