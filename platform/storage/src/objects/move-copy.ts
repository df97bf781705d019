// Move (the row changes bucket and key; the bytes stay) and copy (new bytes, a new row), each within the
// destination bucket's rules.
import { eq, and, sql } from '@citewise/db/orm';
import { z } from 'zod';
import { asCaller, dryRun } from '../access';
import type { Caller } from '../auth';
import type { StorageContext } from '../context';
import { objects } from '../db/schema';
import { errors } from '../errors';
import { json } from '../http';
import { assertBucketName, assertKey } from '../names';
import { quotaGuard, quotaLeft } from '../quota';
import { findBucket, findObject, keyConflict, rowJson, sizeLimit, storedEssence, typeAccepter, writeRow } from './rows';

export const moveSchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).optional(),
});

export async function move(ctx: StorageContext, caller: Caller, body: z.infer<typeof moveSchema>) {
  const destinationBucket = body.destinationBucket ?? body.bucketId;
  for (const b of [body.bucketId, destinationBucket]) assertBucketName(b);
  assertKey(body.sourceKey);
  assertKey(body.destinationKey);
  if (destinationBucket === body.bucketId && body.sourceKey === body.destinationKey) return json({ message: 'Successfully moved' });
  const bucket = await findBucket(ctx, destinationBucket);
  await asCaller(ctx.db, caller, async (tx) => {
    const [source] = await tx
      .select({ id: objects.id, metadata: objects.metadata })
      .from(objects)
      .where(and(eq(objects.bucketId, body.bucketId), eq(objects.name, body.sourceKey)));
    if (!source) throw errors.noSuchKey();
    // The object arrives in the destination as a new upload would: within its size limit and allowed types. Its
    // bytes stay the owner's, so the quota (over all buckets) does not change.
    if (source.metadata.size > sizeLimit(ctx, bucket, body.destinationKey)) throw errors.tooLarge();
    typeAccepter(bucket, body.destinationKey)(storedEssence(source.metadata.mimetype));
    const moved = await tx
      .update(objects)
      .set({ bucketId: destinationBucket, name: body.destinationKey, ownerId: caller.sub, owner: caller.sub, updatedAt: sql`now()` })
      .where(eq(objects.id, source.id))
      .returning({ id: objects.id });
    if (moved.length === 0) throw errors.rlsDenied();
  });
  return json({ message: 'Successfully moved' });
}

export async function copy(ctx: StorageContext, caller: Caller, body: z.infer<typeof moveSchema>, request: Request) {
  const destinationBucket = body.destinationBucket ?? body.bucketId;
  for (const b of [body.bucketId, destinationBucket]) assertBucketName(b);
  assertKey(body.sourceKey);
  assertKey(body.destinationKey);
  const upsert = request.headers.get('x-upsert') === 'true';
  const bucket = await findBucket(ctx, destinationBucket);
  const source = await findObject(ctx, caller, body.bucketId, body.sourceKey);
  const keepMetadata = body.copyMetadata ?? true;
  const mimetype = typeAccepter(bucket, body.destinationKey)(body.metadata?.mimetype ?? storedEssence(source.metadata.mimetype));
  if (source.metadata.size > sizeLimit(ctx, bucket, body.destinationKey)) throw errors.tooLarge();
  const replaced = { bucketId: bucket.id, key: body.destinationKey };
  if (source.metadata.size > (await quotaLeft(ctx, caller.sub, replaced))) throw errors.quotaExceeded();
  let userMetadata: Record<string, unknown> | null = keepMetadata ? source.userMetadata : null;
  const header = request.headers.get('x-metadata');
  if (!keepMetadata && header) {
    try {
      userMetadata = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      userMetadata = null;
    }
  }
  const row = {
    bucketId: bucket.id,
    name: body.destinationKey,
    ownerId: caller.sub,
    version: source.version,
    metadata: {
      ...source.metadata,
      mimetype,
      cacheControl: body.metadata?.cacheControl ?? source.metadata.cacheControl,
      lastModified: new Date().toISOString(),
    },
    userMetadata,
  };
  await dryRun(ctx.db, caller, (tx) => writeRow(tx, { ...row, version: crypto.randomUUID() }, upsert)).catch((error: unknown) => {
    throw keyConflict(error);
  });
  const version = await ctx.blobs.copy(source.version);
  let written: { id: string; oldVersion: string | null };
  try {
    written = await asCaller(
      ctx.db,
      caller,
      (tx) => writeRow(tx, { ...row, version }, upsert),
      await quotaGuard(ctx, caller.sub, replaced, source.metadata.size),
    );
  } catch (error) {
    await ctx.blobs.remove(version);
    throw keyConflict(error);
  }
  if (written.oldVersion) await ctx.blobs.remove(written.oldVersion);
  const [created] = await ctx.db.select().from(objects).where(eq(objects.id, written.id));
  return json({ Id: written.id, Key: `${bucket.id}/${body.destinationKey}`, ...rowJson(created!) });
}
