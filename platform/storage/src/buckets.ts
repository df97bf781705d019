// Buckets (protocol notes §2): list, get, create, update, empty, delete. Reads and writes run as the caller, so
// the policies on storage.buckets decide: users read the product's buckets, only the service role manages them.
import { and, asc, count, desc, eq, ilike, sql } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import { z } from 'zod';
import { asCaller } from './access';
import type { Caller } from './auth';
import type { StorageContext } from './context';
import { buckets, objects } from './db/schema';
import { errors, parseOrThrow, StorageError } from './errors';
import { json, jsonBody, requireCaller, requireServiceRole } from './http';
import { assertBucketName } from './names';

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

function parseMimeTypes(value: string[] | null | undefined): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  const types = value.map((t) => t.trim()).filter(Boolean);
  for (const type of types) if (!MIME_ENTRY.test(type)) throw new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `Invalid mime type format: ${type}`);
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

const sizeField = z.union([z.number().int().min(0), z.string()]).nullable().optional();
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

export async function handleBuckets(ctx: StorageContext, request: Request, segments: string[]): Promise<Response> {
  const method = request.method;
  const caller = await requireCaller(ctx, request);
  if (segments.length === 0) {
    if (method === 'GET') return listBuckets(ctx, caller, request);
    if (method === 'POST') return createBucket(ctx, caller, request);
  } else if (segments.length === 1) {
    const id = segments[0]!;
    if (method === 'GET') return json(await getBucket(ctx, caller, id));
    if (method === 'PUT') return updateBucket(ctx, caller, id, request);
    if (method === 'DELETE') return deleteBucket(ctx, caller, id);
  } else if (segments.length === 2 && segments[1] === 'empty' && method === 'POST') {
    return emptyBucket(ctx, caller, segments[0]!);
  }
  throw errors.routeNotFound(method, new URL(request.url).pathname);
}

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
    tx.update(buckets).set({ ...set, updatedAt: sql`now()` }).where(eq(buckets.id, id)).returning({ id: buckets.id }),
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
  const removed = await ctx.db.delete(objects).where(and(eq(objects.bucketId, id))).returning({ version: objects.version });
  for (const row of removed) await ctx.blobs.remove(row.version);
  return json({ message: 'Successfully emptied' });
}
