// The product's buckets and the rules a bucket's settings follow (size limits, allowed types).
import { sql } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import { buckets } from './db/schema';
import { errors, StorageError } from './errors';

export interface BucketDefinition {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/**
 * The product's buckets, created (and brought back to these settings) at every start.
 *
 * - `files`: private. A researcher's PDFs and notes attachments under `{user id}/…`; reached with their session
 *   or a short-lived signed URL.
 * - `avatars`: public. A profile picture is shown wherever the person appears, in plain `<img>` tags that browsers
 *   and proxies may cache; a signed URL would expire inside cached pages. What is public is only the picture under
 *   an unguessable `{user id}/…` key; writing still needs the owner's session (the same folder policy). Raster
 *   types only: an SVG can carry script, and this service answers on the product's own origin.
 */
export const PRODUCT_BUCKETS: readonly BucketDefinition[] = [
  {
    id: 'files',
    public: false,
    fileSizeLimit: 50 * 1024 * 1024,
    allowedMimeTypes: [
      'application/pdf',
      'text/plain',
      'text/markdown',
      'text/csv',
      'application/x-bibtex',
      'application/x-research-info-systems',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/png',
      'image/jpeg',
      'image/webp',
    ],
  },
  { id: 'avatars', public: true, fileSizeLimit: 1024 * 1024, allowedMimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
];

export async function ensureBuckets(db: Database, definitions: readonly BucketDefinition[]): Promise<void> {
  for (const b of definitions) {
    await db
      .insert(buckets)
      .values({ id: b.id, name: b.id, public: b.public, fileSizeLimit: b.fileSizeLimit, allowedMimeTypes: b.allowedMimeTypes })
      .onConflictDoUpdate({
        target: buckets.id,
        set: { public: b.public, fileSizeLimit: b.fileSizeLimit, allowedMimeTypes: b.allowedMimeTypes, updatedAt: sql`now()` },
      });
  }
}

const MIME_ENTRY = /^[a-z0-9!#$&^_.+-]+\/([a-z0-9!#$&^_.+-]+|\*)(\s*;.*)?$/i;
const SIZE = /^(\d+(?:\.\d+)?)(GB|MB|KB|B)$/i;
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/** `file_size_limit` as bytes: an integer, or a string such as `20MB` (decimal units). */
export function parseSizeLimit(value: number | string | null | undefined, globalLimit: number): number | null | undefined {
  if (value === undefined || value === null) return value;
  let bytes: number;
  if (typeof value === 'number') bytes = value;
  else {
    const match = SIZE.exec(value.trim());
    if (!match) throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    bytes = Math.floor(Number(match[1]) * UNITS[match[2]!.toLowerCase()]!);
  }
  if (bytes > globalLimit) throw errors.tooLarge();
  return bytes;
}

export function parseMimeTypes(value: string[] | null | undefined): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  const types = value.map((t) => t.trim()).filter(Boolean);
  for (const type of types)
    if (!MIME_ENTRY.test(type)) throw new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `Invalid mime type format: ${type}`);
  return types;
}

/** Whether the essence `mimetype` (`type/subtype`, parsed) is allowed by a bucket's list (`null`/empty: anything; `image/*` matches every image). */
export function mimeAllowed(allowed: string[] | null, mimetype: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mimetype.toLowerCase().split('/');
  return allowed.some((entry) => {
    // An entry's parameters (`text/plain;charset=utf-8`) do not narrow it: types are compared by essence.
    const [t, s] = entry.split(';')[0]!.trim().toLowerCase().split('/');
    return t === type && (s === '*' || s === subtype);
  });
}
