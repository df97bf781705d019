// The Storage API under `/storage/v1`: routing, and the error shape around every answer.
import type { StorageContext } from './context';
import { handleBuckets } from './buckets';
import { errorResponse, errors, StorageError } from './errors';
import { SAFETY_HEADERS } from './media-type';
import { handleObjects } from './objects';

/** Path segments after `base`, each percent-decoded once; a segment that does not decode is an invalid key. */
function segmentsAfter(pathname: string, base: string): string[] | null {
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const raw = pathname.slice(base.length + 1);
  if (!raw) return [];
  return raw.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw errors.invalidKey(segment);
    }
  });
}

export function createStorageHandler(ctx: StorageContext, mount: string) {
  return async function handle(request: Request): Promise<Response> {
    const response = await route(request);
    // Whatever the answer (an object, JSON, an error), nothing in it is sniffed or run as a page of this origin.
    for (const [name, value] of Object.entries(SAFETY_HEADERS)) response.headers.set(name, value);
    return response;
  };

  async function route(request: Request): Promise<Response> {
    const head = request.method === 'HEAD';
    try {
      const pathname = new URL(request.url).pathname;
      const bucketPath = segmentsAfter(pathname, `${mount}/bucket`);
      if (bucketPath) return await handleBuckets(ctx, request, bucketPath);
      const objectPath = segmentsAfter(pathname, `${mount}/object`);
      if (objectPath) {
        // A key ending in `/` is not an object (supabase-js strips it before uploading).
        if (objectPath.length > 1 && objectPath.at(-1) === '' && request.method !== 'DELETE') throw errors.invalidKey(objectPath.slice(1).join('/'));
        return await handleObjects(ctx, request, objectPath);
      }
      throw errors.routeNotFound(request.method, pathname.slice(mount.length) || '/');
    } catch (error) {
      if (error instanceof StorageError) return errorResponse(error, head);
      console.error('[storage] unexpected failure:', error);
      return errorResponse(errors.internal(), head);
    }
  }
}
