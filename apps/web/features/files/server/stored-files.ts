import 'server-only';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { decodeName, FILES_BUCKET } from '@/lib/files/file-keys';
import type { UserDb } from '@/lib/db/user-db';
import type { StoredFile } from '../types';

type ObjectRow = { id: string; name: string; size: string | number | null; mimetype: string | null; updated_at: string | Date | null };

function toStoredFile(row: ObjectRow): StoredFile {
  return {
    objectId: row.id,
    key: row.name,
    // The name a person sees: the last key segment, decoded (file-keys.ts); the folders before it likewise.
    name: decodeName(row.name.split('/').at(-1) ?? ''),
    folder: row.name.split('/').slice(1, -1).map(decodeName),
    size: Number(row.size ?? 0),
    type: row.mimetype ?? '',
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

/**
 * Objects of the user's `files` bucket, read as the user: the storage schema's policies show a person only the
 * objects in their own folder, and the filter on the folder says the same. Missing or foreign objects are simply
 * not found.
 */
export async function storedFileByKey(db: UserDb, userId: string, key: string): Promise<StoredFile | null> {
  const [row] = await queryRows<ObjectRow>(
    db,
    sql`select id, name, metadata->>'size' as size, metadata->>'mimetype' as mimetype, updated_at from storage.objects
        where bucket_id = ${FILES_BUCKET} and name = ${key} and split_part(name, '/', 1) = ${userId}`,
  );
  return row ? toStoredFile(row) : null;
}

/** The user's `files` objects with these ids (a renamed or moved object keeps its id); absent ones are left out. */
export async function storedFilesById(db: UserDb, userId: string, ids: readonly string[]): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ObjectRow>(
    db,
    sql`select id, name, metadata->>'size' as size, metadata->>'mimetype' as mimetype, updated_at from storage.objects
        where bucket_id = ${FILES_BUCKET} and split_part(name, '/', 1) = ${userId}
          and id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
  return rows.map(toStoredFile);
}

/** The user's PDFs in `files`, newest first, whose name or folder contains `query` (any case); at most `limit`. */
export async function storedPdfs(db: UserDb, userId: string, query: string, limit: number): Promise<StoredFile[]> {
  // Names are escaped in keys (file-keys.ts), so the match is made on the decoded names, over the newest 1000.
  const rows = await queryRows<ObjectRow>(
    db,
    sql`select id, name, metadata->>'size' as size, metadata->>'mimetype' as mimetype, updated_at from storage.objects
        where bucket_id = ${FILES_BUCKET} and split_part(name, '/', 1) = ${userId} and metadata->>'mimetype' = 'application/pdf'
        order by updated_at desc, name limit 1000`,
  );
  const needle = query.trim().toLocaleLowerCase();
  return rows
    .map(toStoredFile)
    .filter((file) => !needle || [...file.folder, file.name].join('/').toLocaleLowerCase().includes(needle))
    .slice(0, limit);
}
