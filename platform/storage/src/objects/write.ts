// Upload (POST, `x-upsert`) and update (PUT), also through a signed upload URL.
//
// The bytes are written before the row and removed after it: a failed request leaves no row that points at
// nothing, and an overwrite never exposes half a file.
import { and, eq } from '@citewise/db/orm';
import { asCaller, dryRun } from '../access';
import type { Caller } from '../auth';
import type { StorageContext } from '../context';
import { objects, type ObjectMetadata } from '../db/schema';
import { errors, StorageError } from '../errors';
import { quotaGuard, quotaLeft } from '../quota';
import { receiveObject } from './receive';
import { findBucket, keyConflict, placeholderMetadata, sizeLimit, typeAccepter, writeRow, type Target } from './rows';

/**
 * Upload (POST, `x-upsert`) and update (PUT). The caller's right to write the row is checked before any bytes are
 * read; the bytes go to a new blob; the row then switches to it in one statement.
 */
export async function uploadObject(ctx: StorageContext, request: Request, target: Target, options: { caller: Caller; upsert: boolean; asService?: boolean }) {
  const bucket = await findBucket(ctx, target.bucketId);
  const limit = sizeLimit(ctx, bucket, target.key);
  const writer: Caller = options.asService ? { role: 'service_role', sub: null, claims: {} } : options.caller;
  const row = {
    bucketId: bucket.id,
    name: target.key,
    ownerId: options.caller.sub,
    version: crypto.randomUUID(),
    metadata: placeholderMetadata(),
    userMetadata: null,
  };
  if (!options.asService) {
    const declaredType = request.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(declaredType)) typeAccepter(bucket, target.key)(declaredType || 'application/octet-stream');
    const declared = Number(request.headers.get('content-length') ?? NaN);
    if (!/^multipart\/form-data/i.test(declaredType) && Number.isFinite(declared) && declared > limit) throw errors.tooLarge();
    await dryRun(ctx.db, writer, (tx) => writeRow(tx, row, options.upsert)).catch((error: unknown) => {
      throw keyConflict(error);
    });
  } else if (!options.upsert) {
    const [existing] = await ctx.db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.bucketId, bucket.id), eq(objects.name, target.key)));
    if (existing) throw errors.keyExists();
  }
  // Refused early when the declared size, or the bytes as they stream in, pass what the quota leaves; the check
  // that holds against parallel uploads is the guard of the final write.
  const replaced = { bucketId: bucket.id, key: target.key };
  const left = await quotaLeft(ctx, options.caller.sub, replaced);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > left && !/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw errors.quotaExceeded();
  let received: Awaited<ReturnType<typeof receiveObject>>;
  try {
    received = await receiveObject(request, { blobs: ctx.blobs, limit: Math.min(limit, left), acceptType: typeAccepter(bucket, target.key) });
  } catch (error) {
    if (left < limit && error instanceof StorageError && error.code === 'EntityTooLarge') throw errors.quotaExceeded();
    throw error;
  }
  const metadata: ObjectMetadata = {
    eTag: received.blob.eTag,
    size: received.blob.size,
    mimetype: received.mimetype,
    cacheControl: received.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: received.blob.size,
    httpStatusCode: 200,
  };
  let written: { id: string; oldVersion: string | null };
  try {
    const guard = await quotaGuard(ctx, options.caller.sub, replaced, received.blob.size);
    written = await asCaller(
      ctx.db,
      writer,
      (tx) => writeRow(tx, { ...row, version: received.blob.version, metadata, userMetadata: received.userMetadata }, options.upsert),
      guard,
    );
  } catch (error) {
    await ctx.blobs.remove(received.blob.version);
    throw keyConflict(error);
  }
  if (written.oldVersion && written.oldVersion !== received.blob.version) await ctx.blobs.remove(written.oldVersion);
  return { id: written.id, key: `${bucket.id}/${target.key}` };
}
