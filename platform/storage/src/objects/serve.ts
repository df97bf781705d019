// Serving an object's bytes: ranges, conditional GET, and the headers decided by its stored type alone.
import { Readable } from 'node:stream';
import type { Caller } from '../auth';
import type { ByteRange } from '../blobs';
import type { StorageContext } from '../context';
import type { ObjectMetadata } from '../db/schema';
import { errors } from '../errors';
import { attachment, servingHeaders } from '../media-type';
import { findBucket, findObject, SERVICE, type ObjectRow, type Target } from './rows';

export function httpDate(iso: string | Date): string {
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

export async function serveObject(ctx: StorageContext, request: Request, row: ObjectRow, extra: Record<string, string> = {}): Promise<Response> {
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
export async function download(ctx: StorageContext, request: Request, caller: Caller | 'public', target: Target) {
  const bucket = await findBucket(ctx, target.bucketId);
  if (caller === 'public' || caller.role === 'anon') {
    if (!bucket.public) throw errors.noSuchBucket();
  }
  const row =
    bucket.public || caller === 'public' ? await findObject(ctx, SERVICE, bucket.id, target.key) : await findObject(ctx, caller, bucket.id, target.key);
  return serveObject(ctx, request, row);
}
