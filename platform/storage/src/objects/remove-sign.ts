// Removing objects, and signing download URLs for them.
import { and, eq, inArray } from '@citewise/db/orm';
import { asCaller } from '../access';
import type { Caller } from '../auth';
import type { StorageContext } from '../context';
import { objects } from '../db/schema';
import { errors } from '../errors';
import { json } from '../http';
import { findObject, rowJson, type Target } from './rows';

export async function removeMany(ctx: StorageContext, caller: Caller, bucketId: string, prefixes: string[]) {
  const removed = await asCaller(ctx.db, caller, (tx) =>
    tx
      .delete(objects)
      .where(and(eq(objects.bucketId, bucketId), inArray(objects.name, prefixes)))
      .returning(),
  );
  for (const row of removed) await ctx.blobs.remove(row.version);
  return json(removed.map(rowJson));
}

export async function removeOne(ctx: StorageContext, caller: Caller, target: Target) {
  const [existing] = await ctx.db
    .select({ id: objects.id })
    .from(objects)
    .where(and(eq(objects.bucketId, target.bucketId), eq(objects.name, target.key)));
  if (!existing) throw errors.noSuchKey();
  const removed = await asCaller(ctx.db, caller, (tx) => tx.delete(objects).where(eq(objects.id, existing.id)).returning({ version: objects.version }));
  if (removed.length === 0) throw errors.accessDenied();
  await ctx.blobs.remove(removed[0]!.version);
  return json({ message: 'Successfully deleted' });
}

export async function signOne(ctx: StorageContext, caller: Caller, target: Target, seconds: number) {
  await findObject(ctx, caller, target.bucketId, target.key);
  const token = await ctx.signer.sign({ url: `${target.bucketId}/${target.key}`, scope: 'download' }, seconds);
  return `/object/sign/${target.bucketId}/${target.key}?token=${token}`;
}

export async function signMany(ctx: StorageContext, caller: Caller, bucketId: string, paths: string[], seconds: number) {
  const visible = await asCaller(ctx.db, caller, (tx) =>
    tx
      .select({ name: objects.name })
      .from(objects)
      .where(and(eq(objects.bucketId, bucketId), inArray(objects.name, paths))),
  );
  const names = new Set(visible.map((r) => r.name));
  return Promise.all(
    paths.map(async (path) =>
      names.has(path)
        ? {
            path,
            signedURL: `/object/sign/${bucketId}/${path}?token=${await ctx.signer.sign({ url: `${bucketId}/${path}`, scope: 'download' }, seconds)}`,
            error: null,
          }
        : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
    ),
  );
}
