import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeName, FILES_BUCKET, FOLDER_PLACEHOLDER } from '@/lib/files/file-keys';
import { walkObjects } from './remove-user-files';

/**
 * The data export's `files` section: each stored file with the path the person sees (folders and name), its key,
 * size, type and last change. The bytes stay in storage; the export lists them so nothing is forgotten.
 */
export async function exportFiles(admin: SupabaseClient, userId: string) {
  const objects = await walkObjects(admin, FILES_BUCKET, userId);
  return objects
    .filter((object) => !object.key.endsWith(`/${FOLDER_PLACEHOLDER}`))
    .map((object) => ({
      path: object.key.split('/').slice(1).map(decodeName).join('/'),
      key: object.key,
      size: object.size,
      type: object.mimetype,
      updatedAt: object.updatedAt,
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
