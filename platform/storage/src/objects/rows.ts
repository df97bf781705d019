// Rows of storage.objects and storage.buckets as the object routes need them: looking them up as the caller,
// the limits a write must keep (size, type), writing a row, and the shapes the protocol answers with.
import { and, eq, sql } from '@citewise/db/orm';
import { z } from 'zod';
import type { Tx } from '../access';
import { asCaller } from '../access';
import type { Caller } from '../auth';
import { mimeAllowed } from '../buckets';
import type { StorageContext } from '../context';
import { buckets, objects, type ObjectMetadata } from '../db/schema';
import { errors, StorageError } from '../errors';
import { parseMediaType } from '../media-type';
import { assertBucketName, assertKey, FOLDER_PLACEHOLDER } from '../names';

export type Bucket = typeof buckets.$inferSelect;
export type ObjectRow = typeof objects.$inferSelect;
export interface Target {
  bucketId: string;
  key: string;
}

const MAX_EXPIRES_IN = 10 * 365 * 24 * 3600;
/** `expiresIn` of signed URLs, in seconds. */
export const expiresIn = z.coerce.number().int().min(1).max(MAX_EXPIRES_IN);

/** Reads with full rights: public and signed downloads, after their own checks. */
export const SERVICE: Caller = { role: 'service_role', sub: null, claims: {} };

/** `bucket/key…` of a URL path, each segment percent-decoded once. */
export function splitTarget(segments: string[]): Target {
  const [bucketId, ...rest] = segments;
  if (!bucketId) throw errors.invalidBucketName();
  assertBucketName(bucketId);
  const key = rest.join('/');
  assertKey(key);
  return { bucketId, key };
}

export async function findBucket(ctx: StorageContext, id: string): Promise<Bucket> {
  // As the real server: the bucket is looked up with full rights; the object's policies then decide.
  const [bucket] = await ctx.db.select().from(buckets).where(eq(buckets.id, id));
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

export async function findObject(ctx: StorageContext, caller: Caller, bucketId: string, key: string): Promise<ObjectRow> {
  const [row] = await asCaller(ctx.db, caller, (tx) =>
    tx
      .select()
      .from(objects)
      .where(and(eq(objects.bucketId, bucketId), eq(objects.name, key))),
  );
  if (!row) throw errors.noSuchKey();
  return row;
}

export function sizeLimit(ctx: StorageContext, bucket: Bucket, key: string): number {
  if (key.split('/').pop() === FOLDER_PLACEHOLDER) return 0;
  return Math.min(ctx.config.STORAGE_FILE_SIZE_LIMIT, bucket.fileSizeLimit ?? Infinity);
}

/**
 * The type a write may store in `bucket` under `key`: the essence of a strictly parsed media type that the bucket
 * allows. Only the essence is kept, so what is compared is exactly what is stored and later served.
 */
export function typeAccepter(bucket: Bucket, key: string) {
  return (declared: string): string => {
    const parsed = parseMediaType(declared);
    if (!parsed) throw errors.invalidMediaType(declared);
    if (key.split('/').pop() !== FOLDER_PLACEHOLDER && !mimeAllowed(bucket.allowedMimeTypes, parsed.essence)) throw errors.mimeType(parsed.essence);
    return parsed.essence;
  };
}

/** A stored type as it is served and copied: a value written before types were parsed counts as opaque bytes. */
export const storedEssence = (stored: string) => parseMediaType(stored)?.essence ?? 'application/octet-stream';

/** Writes the row of a new blob; returns the object id and the blob version it replaced, if any. */
export async function writeRow(
  tx: Tx,
  values: { bucketId: string; name: string; ownerId: string | null; version: string; metadata: ObjectMetadata; userMetadata: Record<string, unknown> | null },
  upsert: boolean,
): Promise<{ id: string; oldVersion: string | null }> {
  const owner = values.ownerId && /^[0-9a-f-]{36}$/i.test(values.ownerId) ? values.ownerId : null;
  const [old] = upsert
    ? await tx
        .select({ version: objects.version })
        .from(objects)
        .where(and(eq(objects.bucketId, values.bucketId), eq(objects.name, values.name)))
    : [];
  const insert = tx.insert(objects).values({ ...values, owner });
  const [row] = upsert
    ? await insert
        .onConflictDoUpdate({
          target: [objects.bucketId, objects.name],
          set: {
            ownerId: values.ownerId,
            owner,
            version: values.version,
            metadata: values.metadata,
            userMetadata: values.userMetadata,
            updatedAt: sql`now()`,
            lastAccessedAt: sql`now()`,
          },
        })
        .returning({ id: objects.id })
    : await insert.returning({ id: objects.id });
  return { id: row!.id, oldVersion: old?.version ?? null };
}

export function placeholderMetadata(): ObjectMetadata {
  return {
    eTag: '""',
    size: 0,
    mimetype: 'application/octet-stream',
    cacheControl: 'no-cache',
    lastModified: new Date().toISOString(),
    contentLength: 0,
    httpStatusCode: 200,
  };
}

export function keyConflict(error: unknown): unknown {
  return error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? errors.keyExists() : error;
}

export function info(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucketId,
    size: row.metadata.size,
    content_type: storedEssence(row.metadata.mimetype),
    cache_control: row.metadata.cacheControl,
    etag: row.metadata.eTag,
    metadata: row.userMetadata,
    last_modified: row.updatedAt,
    created_at: row.createdAt,
  };
}

export function rowJson(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucketId,
    owner: row.owner,
    owner_id: row.ownerId,
    version: row.version,
    id: row.id,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    last_accessed_at: row.lastAccessedAt,
    metadata: row.metadata,
    user_metadata: row.userMetadata,
  };
}
