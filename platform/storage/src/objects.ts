// Objects (protocol notes §3): upload and upsert, download (authenticated, public, signed) with ranges and
// conditional GET, info/exists, list, move, copy, remove, signed download and upload URLs.
//
// Every read and write of a row runs as the caller (access.ts), so the policies on storage.objects decide what a
// user may touch. The bytes are written before the row and removed after it: a failed request leaves no row that
// points at nothing, and an overwrite never exposes half a file.
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from '@citewise/db/orm';
import { queryRows } from '@citewise/db';
import { z } from 'zod';
import { asCaller, dryRun, type Tx } from './access';
import { ANON, type Caller } from './auth';
import type { ByteRange } from './blobs';
import { mimeAllowed } from './buckets';
import { attachment, parseMediaType, servingHeaders } from './media-type';
import type { StorageContext } from './context';
import { buckets, objects, type ObjectMetadata } from './db/schema';
import { errors, StorageError } from './errors';
import { json, jsonBody, optionalCaller, requireCaller } from './http';
import { assertBucketName, assertKey, FOLDER_PLACEHOLDER } from './names';
import { quotaGuard, quotaLeft } from './quota';
import { receiveObject } from './upload';

type Bucket = typeof buckets.$inferSelect;
type ObjectRow = typeof objects.$inferSelect;

const MAX_EXPIRES_IN = 10 * 365 * 24 * 3600;
const expiresIn = z.coerce.number().int().min(1).max(MAX_EXPIRES_IN);

/** `bucket/key…` of a URL path, each segment percent-decoded once. */
export function splitTarget(segments: string[]): { bucketId: string; key: string } {
  const [bucketId, ...rest] = segments;
  if (!bucketId) throw errors.invalidBucketName();
  assertBucketName(bucketId);
  const key = rest.join('/');
  assertKey(key);
  return { bucketId, key };
}

async function findBucket(ctx: StorageContext, id: string): Promise<Bucket> {
  // As the real server: the bucket is looked up with full rights; the object's policies then decide.
  const [bucket] = await ctx.db.select().from(buckets).where(eq(buckets.id, id));
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

async function findObject(ctx: StorageContext, caller: Caller, bucketId: string, key: string): Promise<ObjectRow> {
  const [row] = await asCaller(ctx.db, caller, (tx) => tx.select().from(objects).where(and(eq(objects.bucketId, bucketId), eq(objects.name, key))));
  if (!row) throw errors.noSuchKey();
  return row;
}

function sizeLimit(ctx: StorageContext, bucket: Bucket, key: string): number {
  if (key.split('/').pop() === FOLDER_PLACEHOLDER) return 0;
  return Math.min(ctx.config.STORAGE_FILE_SIZE_LIMIT, bucket.fileSizeLimit ?? Infinity);
}

/**
 * The type a write may store in `bucket` under `key`: the essence of a strictly parsed media type that the bucket
 * allows. Only the essence is kept, so what is compared is exactly what is stored and later served.
 */
function typeAccepter(bucket: Bucket, key: string) {
  return (declared: string): string => {
    const parsed = parseMediaType(declared);
    if (!parsed) throw errors.invalidMediaType(declared);
    if (key.split('/').pop() !== FOLDER_PLACEHOLDER && !mimeAllowed(bucket.allowedMimeTypes, parsed.essence)) throw errors.mimeType(parsed.essence);
    return parsed.essence;
  };
}

/** A stored type as it is served and copied: a value written before types were parsed counts as opaque bytes. */
const storedEssence = (stored: string) => parseMediaType(stored)?.essence ?? 'application/octet-stream';

/** Writes the row of a new blob; returns the object id and the blob version it replaced, if any. */
async function writeRow(
  tx: Tx,
  values: { bucketId: string; name: string; ownerId: string | null; version: string; metadata: ObjectMetadata; userMetadata: Record<string, unknown> | null },
  upsert: boolean,
): Promise<{ id: string; oldVersion: string | null }> {
  const owner = values.ownerId && /^[0-9a-f-]{36}$/i.test(values.ownerId) ? values.ownerId : null;
  const [old] = upsert
    ? await tx.select({ version: objects.version }).from(objects).where(and(eq(objects.bucketId, values.bucketId), eq(objects.name, values.name)))
    : [];
  const insert = tx.insert(objects).values({ ...values, owner });
  const [row] = upsert
    ? await insert
        .onConflictDoUpdate({
          target: [objects.bucketId, objects.name],
          set: { ownerId: values.ownerId, owner, version: values.version, metadata: values.metadata, userMetadata: values.userMetadata, updatedAt: sql`now()`, lastAccessedAt: sql`now()` },
        })
        .returning({ id: objects.id })
    : await insert.returning({ id: objects.id });
  return { id: row!.id, oldVersion: old?.version ?? null };
}

function placeholderMetadata(): ObjectMetadata {
  return { eTag: '""', size: 0, mimetype: 'application/octet-stream', cacheControl: 'no-cache', lastModified: new Date().toISOString(), contentLength: 0, httpStatusCode: 200 };
}

function keyConflict(error: unknown): unknown {
  return error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? errors.keyExists() : error;
}

/**
 * Upload (POST, `x-upsert`) and update (PUT). The caller's right to write the row is checked before any bytes are
 * read; the bytes go to a new blob; the row then switches to it in one statement.
 */
async function upload(ctx: StorageContext, request: Request, target: { bucketId: string; key: string }, options: { caller: Caller; upsert: boolean; asService?: boolean }) {
  const bucket = await findBucket(ctx, target.bucketId);
  const limit = sizeLimit(ctx, bucket, target.key);
  const writer: Caller = options.asService ? { role: 'service_role', sub: null, claims: {} } : options.caller;
  const row = { bucketId: bucket.id, name: target.key, ownerId: options.caller.sub, version: crypto.randomUUID(), metadata: placeholderMetadata(), userMetadata: null };
  if (!options.asService) {
    const declaredType = request.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(declaredType)) typeAccepter(bucket, target.key)(declaredType || 'application/octet-stream');
    const declared = Number(request.headers.get('content-length') ?? NaN);
    if (!/^multipart\/form-data/i.test(declaredType) && Number.isFinite(declared) && declared > limit) throw errors.tooLarge();
    await dryRun(ctx.db, writer, (tx) => writeRow(tx, row, options.upsert)).catch((error: unknown) => {
      throw keyConflict(error);
    });
  } else if (!options.upsert) {
    const [existing] = await ctx.db.select({ id: objects.id }).from(objects).where(and(eq(objects.bucketId, bucket.id), eq(objects.name, target.key)));
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
    written = await asCaller(ctx.db, writer, (tx) => writeRow(tx, { ...row, version: received.blob.version, metadata, userMetadata: received.userMetadata }, options.upsert), guard);
  } catch (error) {
    await ctx.blobs.remove(received.blob.version);
    throw keyConflict(error);
  }
  if (written.oldVersion && written.oldVersion !== received.blob.version) await ctx.blobs.remove(written.oldVersion);
  return { id: written.id, key: `${bucket.id}/${target.key}` };
}

function httpDate(iso: string | Date): string {
  return new Date(iso).toUTCString();
}

export function parseRange(header: string, size: number): ByteRange | 'invalid' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size === 0 || (!match[1] && !match[2])) return 'invalid';
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

function notModified(request: Request, metadata: ObjectMetadata): boolean {
  const tags = request.headers.get('if-none-match');
  if (tags) return tags.trim() === '*' || tags.split(',').some((t) => t.trim().replace(/^W\//, '') === metadata.eTag);
  const since = request.headers.get('if-modified-since');
  if (!since) return false;
  const when = Date.parse(since);
  return Number.isFinite(when) && Math.floor(Date.parse(metadata.lastModified) / 1000) * 1000 <= when;
}

async function serveObject(ctx: StorageContext, request: Request, row: ObjectRow, extra: Record<string, string> = {}): Promise<Response> {
  const metadata = row.metadata;
  const fileName = row.name.split('/').pop()!;
  const headers: Record<string, string> = {
    etag: metadata.eTag,
    'last-modified': httpDate(metadata.lastModified),
    'cache-control': metadata.cacheControl,
    'accept-ranges': 'bytes',
    'x-robots-tag': 'none',
    ...extra,
    // From the stored type alone: only inert types are shown in place, everything else downloads.
    ...servingHeaders(metadata.mimetype, fileName),
  };
  const url = new URL(request.url);
  if (url.searchParams.has('download')) headers['content-disposition'] = attachment(url.searchParams.get('download') ?? '');
  if (notModified(request, metadata)) return new Response(null, { status: 304, headers });
  const head = request.method === 'HEAD';
  const rangeHeader = request.headers.get('range');
  let range: ByteRange | undefined;
  if (rangeHeader) {
    const parsed = parseRange(rangeHeader, metadata.size);
    if (parsed === 'invalid') throw errors.invalidRange();
    range = parsed;
    headers['content-range'] = `bytes ${range.start}-${range.end}/${metadata.size}`;
  }
  headers['content-length'] = String(range ? range.end - range.start + 1 : metadata.size);
  if (head) return new Response(null, { status: range ? 206 : 200, headers });
  const stream = await ctx.blobs.read(row.version, range);
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** Downloads and HEAD: public buckets are open to all; private ones need the policies' SELECT. */
async function download(ctx: StorageContext, request: Request, caller: Caller | 'public', target: { bucketId: string; key: string }) {
  const bucket = await findBucket(ctx, target.bucketId);
  if (caller === 'public' || caller.role === 'anon') {
    if (!bucket.public) throw errors.noSuchBucket();
  }
  const row = bucket.public || caller === 'public' ? await findObject(ctx, SERVICE, bucket.id, target.key) : await findObject(ctx, caller, bucket.id, target.key);
  return serveObject(ctx, request, row);
}

const SERVICE: Caller = { role: 'service_role', sub: null, claims: {} };

function info(row: ObjectRow) {
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

function rowJson(row: ObjectRow) {
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

const listSchema = z.object({
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
async function list(ctx: StorageContext, caller: Caller, bucketId: string, body: z.infer<typeof listSchema>) {
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
  let entries: (typeof folderEntries[number] | typeof fileEntries[number])[];
  if (column === 'name') entries = [...folderEntries, ...fileEntries].sort((a, b) => byName(a.name, b.name));
  else {
    folderEntries.sort((a, b) => byName(a.name, b.name));
    fileEntries.sort((a, b) => (Date.parse(a[column]) - Date.parse(b[column])) * order || byName(a.name, b.name));
    entries = [...folderEntries, ...fileEntries];
  }
  const offset = body.offset ?? 0;
  return entries.slice(offset, offset + (body.limit ?? 100));
}

const moveSchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).optional(),
});

async function move(ctx: StorageContext, caller: Caller, body: z.infer<typeof moveSchema>) {
  const destinationBucket = body.destinationBucket ?? body.bucketId;
  for (const b of [body.bucketId, destinationBucket]) assertBucketName(b);
  assertKey(body.sourceKey);
  assertKey(body.destinationKey);
  if (destinationBucket === body.bucketId && body.sourceKey === body.destinationKey) return json({ message: 'Successfully moved' });
  const bucket = await findBucket(ctx, destinationBucket);
  await asCaller(ctx.db, caller, async (tx) => {
    const [source] = await tx.select({ id: objects.id, metadata: objects.metadata }).from(objects).where(and(eq(objects.bucketId, body.bucketId), eq(objects.name, body.sourceKey)));
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

async function copy(ctx: StorageContext, caller: Caller, body: z.infer<typeof moveSchema>, request: Request) {
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
    metadata: { ...source.metadata, mimetype, cacheControl: body.metadata?.cacheControl ?? source.metadata.cacheControl, lastModified: new Date().toISOString() },
    userMetadata,
  };
  await dryRun(ctx.db, caller, (tx) => writeRow(tx, { ...row, version: crypto.randomUUID() }, upsert)).catch((error: unknown) => {
    throw keyConflict(error);
  });
  const version = await ctx.blobs.copy(source.version);
  let written: { id: string; oldVersion: string | null };
  try {
    written = await asCaller(ctx.db, caller, (tx) => writeRow(tx, { ...row, version }, upsert), await quotaGuard(ctx, caller.sub, replaced, source.metadata.size));
  } catch (error) {
    await ctx.blobs.remove(version);
    throw keyConflict(error);
  }
  if (written.oldVersion) await ctx.blobs.remove(written.oldVersion);
  const [created] = await ctx.db.select().from(objects).where(eq(objects.id, written.id));
  return json({ Id: written.id, Key: `${bucket.id}/${body.destinationKey}`, ...rowJson(created!) });
}

async function removeMany(ctx: StorageContext, caller: Caller, bucketId: string, prefixes: string[]) {
  const removed = await asCaller(ctx.db, caller, (tx) =>
    tx.delete(objects).where(and(eq(objects.bucketId, bucketId), inArray(objects.name, prefixes))).returning(),
  );
  for (const row of removed) await ctx.blobs.remove(row.version);
  return json(removed.map(rowJson));
}

async function removeOne(ctx: StorageContext, caller: Caller, target: { bucketId: string; key: string }) {
  const [existing] = await ctx.db.select({ id: objects.id }).from(objects).where(and(eq(objects.bucketId, target.bucketId), eq(objects.name, target.key)));
  if (!existing) throw errors.noSuchKey();
  const removed = await asCaller(ctx.db, caller, (tx) => tx.delete(objects).where(eq(objects.id, existing.id)).returning({ version: objects.version }));
  if (removed.length === 0) throw errors.accessDenied();
  await ctx.blobs.remove(removed[0]!.version);
  return json({ message: 'Successfully deleted' });
}

async function signOne(ctx: StorageContext, caller: Caller, target: { bucketId: string; key: string }, seconds: number) {
  await findObject(ctx, caller, target.bucketId, target.key);
  const token = await ctx.signer.sign({ url: `${target.bucketId}/${target.key}`, scope: 'download' }, seconds);
  return `/object/sign/${target.bucketId}/${target.key}?token=${token}`;
}

async function signMany(ctx: StorageContext, caller: Caller, bucketId: string, paths: string[], seconds: number) {
  const visible = await asCaller(ctx.db, caller, (tx) =>
    tx.select({ name: objects.name }).from(objects).where(and(eq(objects.bucketId, bucketId), inArray(objects.name, paths))),
  );
  const names = new Set(visible.map((r) => r.name));
  return Promise.all(
    paths.map(async (path) =>
      names.has(path)
        ? { path, signedURL: `/object/sign/${bucketId}/${path}?token=${await ctx.signer.sign({ url: `${bucketId}/${path}`, scope: 'download' }, seconds)}`, error: null }
        : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
    ),
  );
}

/** Routes under `/object`. `segments` are the decoded path segments after it. */
export async function handleObjects(ctx: StorageContext, request: Request, segments: string[]): Promise<Response> {
  const method = request.method;
  const url = new URL(request.url);
  const [first, ...rest] = segments;
  const notFound = () => errors.routeNotFound(method, url.pathname);

  if (first === 'move' && rest.length === 0 && method === 'POST') {
    const caller = await requireCaller(ctx, request);
    return move(ctx, caller, await jsonBody(request, moveSchema));
  }
  if (first === 'copy' && rest.length === 0 && method === 'POST') {
    const caller = await requireCaller(ctx, request);
    return copy(ctx, caller, await jsonBody(request, moveSchema), request);
  }
  if (first === 'list' && rest.length === 1 && method === 'POST') {
    const caller = await requireCaller(ctx, request);
    assertBucketName(rest[0]!);
    return json(await list(ctx, caller, rest[0]!, await jsonBody(request, listSchema)));
  }
  if (first === 'sign') {
    if (method === 'POST' && rest.length === 1) {
      const caller = await requireCaller(ctx, request);
      assertBucketName(rest[0]!);
      const body = await jsonBody(request, z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) }));
      return json(await signMany(ctx, caller, rest[0]!, body.paths, body.expiresIn));
    }
    if (method === 'POST') {
      const caller = await requireCaller(ctx, request);
      const target = splitTarget(rest);
      const body = await jsonBody(request, z.object({ expiresIn, transform: z.unknown().optional() }));
      return json({ signedURL: await signOne(ctx, caller, target, body.expiresIn) });
    }
    if (method === 'GET' || method === 'HEAD') {
      const target = splitTarget(rest);
      const token = url.searchParams.get('token');
      if (!token) throw new StorageError(400, 'InvalidRequest', 'Bad Request', "querystring must have required property 'token'");
      const claims = await ctx.signer.verify(token, `${target.bucketId}/${target.key}`, 'download');
      const row = await findObject(ctx, SERVICE, target.bucketId, target.key);
      return serveObject(ctx, request, row, { 'cache-control': 'private', expires: httpDate(new Date(claims.exp! * 1000)) });
    }
    throw notFound();
  }
  if (first === 'upload' && rest[0] === 'sign') {
    const target = splitTarget(rest.slice(1));
    if (method === 'POST') {
      const caller = await requireCaller(ctx, request);
      const upsert = request.headers.get('x-upsert') === 'true';
      const bucket = await findBucket(ctx, target.bucketId);
      await dryRun(ctx.db, caller, (tx) =>
        writeRow(tx, { bucketId: bucket.id, name: target.key, ownerId: caller.sub, version: crypto.randomUUID(), metadata: placeholderMetadata(), userMetadata: null }, upsert),
      ).catch((error: unknown) => {
        throw keyConflict(error);
      });
      const token = await ctx.signer.sign({ url: `${target.bucketId}/${target.key}`, scope: 'upload', owner: caller.sub, upsert }, ctx.config.STORAGE_SIGNED_UPLOAD_EXPIRY);
      return json({ url: `/object/upload/sign/${target.bucketId}/${target.key}?token=${token}`, token });
    }
    if (method === 'PUT') {
      const token = url.searchParams.get('token');
      if (!token) throw new StorageError(400, 'InvalidRequest', 'Bad Request', "querystring must have required property 'token'");
      const claims = await ctx.signer.verify(token, `${target.bucketId}/${target.key}`, 'upload');
      const owner = typeof claims.owner === 'string' ? claims.owner : null;
      const caller: Caller = owner ? { role: 'authenticated', sub: owner, claims: { sub: owner, role: 'authenticated' } } : ANON;
      const result = await upload(ctx, request, target, { caller, upsert: claims.upsert === true, asService: true });
      return json({ Key: result.key });
    }
    throw notFound();
  }
  if (first === 'info') {
    const mode = rest[0] === 'public' || rest[0] === 'authenticated' ? rest[0] : null;
    const target = splitTarget(mode ? rest.slice(1) : rest);
    if (method !== 'GET') throw notFound();
    const bucket = await findBucket(ctx, target.bucketId);
    let caller: Caller | 'public';
    if (mode === 'public') caller = 'public';
    else caller = mode === 'authenticated' ? await requireCaller(ctx, request) : await optionalCaller(ctx, request);
    if ((caller === 'public' || caller.role === 'anon') && !bucket.public) throw errors.noSuchBucket();
    const reader = caller === 'public' || bucket.public ? SERVICE : caller;
    return json(info(await findObject(ctx, reader, bucket.id, target.key)));
  }
  if ((first === 'public' || first === 'authenticated') && (method === 'GET' || method === 'HEAD')) {
    const target = splitTarget(rest);
    return download(ctx, request, first === 'public' ? 'public' : await requireCaller(ctx, request), target);
  }
  if (!first) throw notFound();

  // `/object/{bucket}[/{key}]`
  if (segments.length === 1) {
    if (method !== 'DELETE') throw notFound();
    const caller = await requireCaller(ctx, request);
    assertBucketName(first);
    const body = await jsonBody(request, z.object({ prefixes: z.array(z.string()).min(1).max(1000) }));
    return removeMany(ctx, caller, first, body.prefixes);
  }
  const target = splitTarget(segments);
  switch (method) {
    case 'GET':
    case 'HEAD':
      return download(ctx, request, await optionalCaller(ctx, request), target);
    case 'POST':
    case 'PUT': {
      const caller = await requireCaller(ctx, request);
      const upsert = method === 'PUT' || request.headers.get('x-upsert') === 'true';
      const result = await upload(ctx, request, target, { caller, upsert });
      return json({ Id: result.id, Key: result.key });
    }
    case 'DELETE':
      return removeOne(ctx, await requireCaller(ctx, request), target);
    default:
      throw notFound();
  }
}

