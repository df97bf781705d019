import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FILES_PAGE_SIZE } from '@/lib/files/file-keys';

/** The buckets where a person keeps objects under the folder named by their user id. */
export const USER_BUCKETS = ['files', 'avatars'] as const;
const REMOVE_BATCH = 1000;

export type StoredObject = { key: string; size: number | null; mimetype: string | null; updatedAt: string | null };

/** Every object under `prefix` in a bucket, folders walked depth first, a page of 100 at a time; none if the bucket does not exist. */
export async function walkObjects(admin: SupabaseClient, bucket: string, prefix: string): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  for (let offset = 0; ; offset += FILES_PAGE_SIZE) {
    const { data, error } = await admin.storage.from(bucket).list(prefix, { limit: FILES_PAGE_SIZE, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) {
      // A hosted project may lack one of the product's buckets: then nobody has anything in it.
      if (error.message === 'Bucket not found') return found;
      throw error;
    }
    for (const entry of data) {
      const key = `${prefix}/${entry.name}`;
      if (entry.id === null) found.push(...(await walkObjects(admin, bucket, key)));
      else {
        const metadata = (entry.metadata ?? {}) as { size?: number; mimetype?: string };
        found.push({ key, size: metadata.size ?? null, mimetype: metadata.mimetype ?? null, updatedAt: entry.updated_at ?? null });
      }
    }
    if (data.length < FILES_PAGE_SIZE) return found;
  }
}

/**
 * Removes everything a deleted account kept in storage, through the Storage API with the service-role key (it
 * works the same against hosted Supabase). Returns how many objects went from each bucket.
 */
export async function removeUserFiles(admin: SupabaseClient, userId: string): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const bucket of USER_BUCKETS) {
    const keys = (await walkObjects(admin, bucket, userId)).map((object) => object.key);
    for (let i = 0; i < keys.length; i += REMOVE_BATCH) {
      const { error } = await admin.storage.from(bucket).remove(keys.slice(i, i + REMOVE_BATCH));
      if (error) throw error;
    }
    removed[bucket] = keys.length;
  }
  return removed;
}
