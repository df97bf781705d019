// Reading an upload's body the two ways supabase-js sends it (docs/protocols/supabase-storage.md §3.1), straight into
// the blob store: multipart forms (the first file part is the content, whatever its field name) and raw bodies. Nothing
// is buffered whole; the size limit cuts the stream as soon as it is crossed.
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { BlobStore, WrittenBlob } from '../blobs';
import { errors, StorageError } from '../errors';

export interface ReceivedObject {
  blob: WrittenBlob;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export interface ReceiveOptions {
  blobs: BlobStore;
  /** Largest body in bytes. */
  limit: number;
  /** The media type to store for a declared Content-Type (its essence); throws InvalidMimeType for a malformed one or one the bucket refuses. */
  acceptType: (declared: string) => string;
}

const MAX_USER_METADATA = 1024 * 1024;

function parseUserMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  if (Buffer.byteLength(text) > MAX_USER_METADATA) throw errors.tooLarge('user_metadata');
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // as the real server: unparsable metadata is ignored
  }
}

export async function receiveObject(request: Request, options: ReceiveOptions): Promise<ReceivedObject> {
  const contentType = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    if (!request.body) throw errors.noContent();
    return receiveMultipart(request.body, contentType, options);
  }
  const mimetype = options.acceptType(contentType || 'application/octet-stream');
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.limit) throw errors.tooLarge();
  let userMetadata: Record<string, unknown> | null = null;
  const header = request.headers.get('x-metadata');
  if (header) {
    if (header.length > (MAX_USER_METADATA * 4) / 3 + 4) throw errors.tooLarge('user_metadata');
    userMetadata = parseUserMetadata(Buffer.from(header, 'base64').toString('utf8'));
  }
  const body = request.body ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
  const blob = await options.blobs.write(body, options.limit);
  return { blob, mimetype, cacheControl: request.headers.get('cache-control') || 'no-cache', userMetadata };
}

function receiveMultipart(body: ReadableStream<Uint8Array>, contentType: string, options: ReceiveOptions): Promise<ReceivedObject> {
  return new Promise((resolve, reject) => {
    const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 10, fieldSize: MAX_USER_METADATA + 1024 } });
    } catch {
      reject(new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', 'Invalid Content-Type header'));
      return;
    }
    const fields: Record<string, string> = {};
    let write: Promise<WrittenBlob> | null = null;
    let partType = '';
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      // A blob already written for a request that fails after all is removed again.
      write?.then((blob) => options.blobs.remove(blob.version)).catch(() => {});
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (write || settled) {
        stream.resume();
        return;
      }
      try {
        partType = options.acceptType(fields.contentType || info.mimeType || 'application/octet-stream');
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      write = options.blobs.write(stream, options.limit);
      write.catch(fail);
    });
    parser.on('error', (error) => fail(error instanceof StorageError ? error : errors.invalidRequest('Malformed multipart body')));
    parser.on('close', () => {
      if (settled) return;
      if (!write) return fail(errors.noContent());
      write.then((blob) => {
        if (settled) return;
        try {
          // Fields may follow the file part; a contentType given late still decides the stored type.
          const mimetype = fields.contentType ? options.acceptType(fields.contentType) : partType;
          const userMetadata = parseUserMetadata(fields.metadata ?? fields.userMetadata);
          settled = true;
          resolve({ blob, mimetype, cacheControl: /^\d{1,10}$/.test(fields.cacheControl ?? '') ? `max-age=${fields.cacheControl}` : 'no-cache', userMetadata });
        } catch (error) {
          fail(error);
        }
      }, fail);
    });
    source.on('error', fail);
    source.pipe(parser);
  });
}
