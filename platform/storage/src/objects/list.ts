// Listing one folder level of a bucket, as the caller sees it.
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { z } from 'zod';
import { asCaller } from '../access';
import type { Caller } from '../auth';
import type { StorageContext } from '../context';
import type { ObjectMetadata } from '../db/schema';

export const listSchema = z.object({
  prefix: z.string().max(2048),
  limit: z.coerce.number().int().min(1).max(1500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortBy: z.object({ column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']), order: z.enum(['asc', 'desc']).optional() }).optional(),
  search: z.string().max(2048).optional(),
});

interface ListRow {
  id: string;
  name: string;
  created_at: string | Date;
  updated_at: string | Date;
  last_accessed_at: string | Date;
  metadata: ObjectMetadata;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One folder level under `prefix`: files as rows, deeper paths as folders (`id: null`), names relative to the prefix. */
export async function list(ctx: StorageContext, caller: Caller, bucketId: string, body: z.infer<typeof listSchema>) {
  const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
  const search = body.search ?? '';
  const searchDir = search.includes('/') ? search.slice(0, search.lastIndexOf('/') + 1) : '';
  const base = (prefix + searchDir).toLowerCase();
  const pattern = `${likeEscape((prefix + search).toLowerCase())}%`;
  const rows = await asCaller(ctx.db, caller, (tx) =>
    queryRows<ListRow>(
      tx,
      sql`select id, name, created_at, updated_at, last_accessed_at, metadata from storage.objects
          where bucket_id = ${bucketId} and lower(name) like ${pattern} escape '\\'`,
    ),
  );
  const folders = new Map<string, string>();
  const files: (ListRow & { rel: string })[] = [];
  for (const row of rows) {
    const rel = row.name.slice(prefix.length);
    const deeper = row.name.slice(base.length).indexOf('/');
    if (deeper >= 0) {
      // A folder entry keeps the case of the first key seen under it.
      const name = rel.slice(0, base.length - prefix.length + deeper);
      if (!folders.has(name.toLowerCase())) folders.set(name.toLowerCase(), name);
    } else files.push({ ...row, rel });
  }
  const order = body.sortBy?.order === 'desc' ? -1 : 1;
  const column = body.sortBy?.column ?? 'name';
  const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0) * order;
  const folderEntries = [...folders.values()].map((name) => ({ name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null }));
  const fileEntries = files.map((f) => ({
    name: f.rel,
    id: f.id,
    updated_at: new Date(f.updated_at).toISOString(),
    created_at: new Date(f.created_at).toISOString(),
    last_accessed_at: new Date(f.last_accessed_at).toISOString(),
    metadata: f.metadata,
  }));
  let entries: ((typeof folderEntries)[number] | (typeof fileEntries)[number])[];
  if (column === 'name') entries = [...folderEntries, ...fileEntries].sort((a, b) => byName(a.name, b.name));
  else {
    folderEntries.sort((a, b) => byName(a.name, b.name));
    fileEntries.sort((a, b) => (Date.parse(a[column]) - Date.parse(b[column])) * order || byName(a.name, b.name));
    entries = [...folderEntries, ...fileEntries];
  }
  const offset = body.offset ?? 0;
  return entries.slice(offset, offset + (body.limit ?? 100));
}
