// Every path under /bucket (docs/protocols/supabase-storage.md §2): list, get, create, update, empty, delete. Reads and
// writes run as the caller, so the policies on storage.buckets decide: users read the product's buckets, only the
// service role manages them.
import { Hono } from 'hono';
import { and, asc, count, desc, eq, ilike, sql } from '@citewise/db/orm';
import { z } from 'zod';
import { asCaller } from '../access';
import type { Caller } from '../auth';
import { parseMimeTypes, parseSizeLimit } from '../buckets';
import type { StorageContext } from '../context';
import { buckets, objects } from '../db/schema';
import { errors, parseOrThrow, StorageError } from '../errors';
import { json, jsonBody, requireCaller, requireServiceRole } from '../http';
import { assertBucketName } from '../names';

export function bucketRoutes(ctx: StorageContext) {
  const caller = (c: { req: { raw: Request } }) => requireCaller(ctx, c.req.raw);
  return new Hono()
    .get('/', async (c) => listBuckets(ctx, await caller(c), c.req.raw))
    .post('/', async (c) => createBucket(ctx, await caller(c), c.req.raw))
    .get('/:id', async (c) => {
      const who = await caller(c);
      return json(await getBucket(ctx, who, c.req.param('id')));
    })
    .put('/:id', async (c) => updateBucket(ctx, await caller(c), c.req.param('id'), c.req.raw))
    .delete('/:id', async (c) => deleteBucket(ctx, await caller(c), c.req.param('id')))
    .post('/:id/empty', async (c) => emptyBucket(ctx, await caller(c), c.req.param('id')));
}

const sizeField = z
  .union([z.number().int().min(0), z.string()])
  .nullable()
  .optional();
const mimeField = z.array(z.string()).nullable().optional();
const createSchema = z.object({
  name: z.string(),
  id: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: sizeField,
  allowed_mime_types: mimeField,
  type: z.enum(['STANDARD', 'ANALYTICS']).optional(),
});
const updateSchema = z.object({ public: z.boolean().optional(), file_size_limit: sizeField, allowed_mime_types: mimeField });
const listSchema = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  search: z.string().optional(),
});

const bucketFields = {
  id: buckets.id,
  name: buckets.name,
  owner: buckets.owner,
  public: buckets.public,
  file_size_limit: buckets.fileSizeLimit,
  allowed_mime_types: buckets.allowedMimeTypes,
  created_at: buckets.createdAt,
  updated_at: buckets.updatedAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function listBuckets(ctx: StorageContext, caller: Caller, request: Request) {
  const query = parseOrThrow(listSchema, Object.fromEntries(new URL(request.url).searchParams), 'querystring');
  const column = { id: buckets.id, name: buckets.name, created_at: buckets.createdAt, updated_at: buckets.updatedAt }[query.sortColumn ?? 'name'];
  const rows = await asCaller(ctx.db, caller, (tx) => {
    const base = tx
      .select({ ...bucketFields, type: sql<string>`'STANDARD'` })
      .from(buckets)
      .where(query.search ? ilike(buckets.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
      .orderBy(query.sortOrder === 'desc' ? desc(column) : asc(column))
      .offset(query.offset ?? 0);
    return query.limit ? base.limit(query.limit) : base;
  });
  return json(rows);
}

export async function getBucket(ctx: StorageContext, caller: Caller, id: string) {
  const [row] = await asCaller(ctx.db, caller, (tx) => tx.select(bucketFields).from(buckets).where(eq(buckets.id, id)));
  if (!row) throw errors.noSuchBucket();
  return row;
}

async function createBucket(ctx: StorageContext, caller: Caller, request: Request) {
  const body = await jsonBody(request, createSchema);
  const id = body.id ?? body.name;
  assertBucketName(body.name);
  assertBucketName(id);
  if (body.type === 'ANALYTICS') throw new StorageError(409, 'FeatureNotEnabled', 'FeatureNotEnabled', 'Analytics buckets are not enabled');
  const fileSizeLimit = parseSizeLimit(body.file_size_limit, ctx.config.STORAGE_FILE_SIZE_LIMIT) ?? null;
  const allowedMimeTypes = parseMimeTypes(body.allowed_mime_types) ?? null;
  try {
    await asCaller(ctx.db, caller, (tx) =>
      tx.insert(buckets).values({
        id,
        name: body.name,
        public: body.public ?? false,
        fileSizeLimit,
        allowedMimeTypes,
        ownerId: caller.sub,
        owner: caller.sub && UUID.test(caller.sub) ? caller.sub : null,
      }),
    );
  } catch (error) {
    if (error instanceof StorageError && error.code === 'ResourceAlreadyExists') throw errors.bucketExists();
    throw error;
  }
  return json({ name: body.name });
}

async function updateBucket(ctx: StorageContext, caller: Caller, id: string, request: Request) {
  const body = await jsonBody(request, updateSchema);
  const set: Partial<typeof buckets.$inferInsert> = {};
  if (body.public !== undefined) set.public = body.public;
  const size = parseSizeLimit(body.file_size_limit, ctx.config.STORAGE_FILE_SIZE_LIMIT);
  if (size !== undefined) set.fileSizeLimit = size;
  const types = parseMimeTypes(body.allowed_mime_types);
  if (types !== undefined) set.allowedMimeTypes = types;
  if (Object.keys(set).length === 0) throw errors.noContent();
  const updated = await asCaller(ctx.db, caller, (tx) =>
    tx
      .update(buckets)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(buckets.id, id))
      .returning({ id: buckets.id }),
  );
  if (updated.length === 0) throw errors.noSuchBucket();
  return json({ message: 'Successfully updated' });
}

async function deleteBucket(ctx: StorageContext, caller: Caller, id: string) {
  await getBucket(ctx, caller, id);
  const [{ n }] = (await ctx.db.select({ n: count() }).from(objects).where(eq(objects.bucketId, id))) as [{ n: number }];
  if (Number(n) > 0) throw errors.notEmpty();
  const deleted = await asCaller(ctx.db, caller, (tx) => tx.delete(buckets).where(eq(buckets.id, id)).returning({ id: buckets.id }));
  if (deleted.length === 0) throw errors.noSuchBucket();
  return json({ message: 'Successfully deleted' });
}

async function emptyBucket(ctx: StorageContext, caller: Caller, id: string) {
  requireServiceRole(caller);
  await getBucket(ctx, caller, id);
  const removed = await ctx.db
    .delete(objects)
    .where(and(eq(objects.bucketId, id)))
    .returning({ version: objects.version });
  for (const row of removed) await ctx.blobs.remove(row.version);
  return json({ message: 'Successfully emptied' });
}
