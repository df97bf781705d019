// Supabase Storage's error vocabulary and wire shape: `{ statusCode, code, error, message }`
// (docs/protocols/supabase-storage.md §1.4–1.5). A handled error goes out with HTTP 400 unless its semantic status is
// 500; the few exceptions carry `httpStatus`.
import { z } from 'zod';

export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    /** The semantic status, sent as a string in the body. */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The real HTTP status where Supabase uses one (416, 403 on empty-bucket, 404 for unknown routes). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  get status(): number {
    return this.httpStatus ?? (this.statusCode >= 500 ? 500 : 400);
  }

  toJSON() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  blobMissing: () => new StorageError(404, 'NoSuchKey', 'Not found', 'The resource was not found'),
  keyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  resourceExists: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  notEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  rlsDenied: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidRole: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'Access denied: Invalid role', 403),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  tooLarge: (what = 'object') => new StorageError(413, 'EntityTooLarge', 'Payload too large', `The ${what} exceeded the maximum allowed size`),
  /** Not Supabase's: the owner's files would pass the quota the host set for them (StorageServiceOptions.quota). */
  quotaExceeded: () => new StorageError(413, 'QuotaExceeded', 'Payload too large', 'The upload would exceed the storage quota of this account'),
  /** A Content-Type (header, form field or copy metadata) that is not an RFC 9110 media type: refused, never stored. */
  invalidMediaType: (value: string) =>
    new StorageError(
      400,
      'InvalidMimeType',
      'invalid_mime_type',
      `Invalid Content-Type: ${JSON.stringify(value.slice(0, 100))} is not a media type (type/subtype; parameters)`,
    ),
  mimeType: (type: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key.replace(/\0/g, '\\0').slice(0, 300)}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', 416),
  routeNotFound: (method: string, path: string) => new StorageError(404, 'InvalidRequest', 'Not Found', `Route ${method}:${path} not found`, 404),
  internal: () => new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'),
};

/** A validation failure, worded like the real server's schema errors (`body must have required property 'name'`). */
export function fromZod(error: z.ZodError, where: 'body' | 'querystring' = 'body'): StorageError {
  const issue = error.issues[0]!;
  const field = issue.path.join('/');
  const message =
    issue.code === 'invalid_type' && issue.input === undefined && field
      ? `${where} must have required property '${field}'`
      : `${where}${field ? `/${field}` : ''} ${issue.message}`;
  return new StorageError(400, 'InvalidRequest', 'Bad Request', message);
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'querystring' = 'body'): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZod(parsed.error, where);
  return parsed.data;
}

/** PostgreSQL errors surface wrapped (Drizzle's DrizzleQueryError): the SQLSTATE is on the error or its cause. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function errorResponse(error: StorageError, head = false): Response {
  return new Response(head ? null : JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
