// The Storage API under `/storage/v1`: every path it serves, and what is around every answer.
import { Hono } from 'hono';
import type { StorageContext } from './context';
import { errorResponse, errors, StorageError } from './errors';
import { SAFETY_HEADERS } from './media-type';
import { bucketRoutes } from './routes/buckets';
import { objectRoutes } from './routes/objects';

export function createStorageApp(ctx: StorageContext) {
  const app = new Hono();
  // Whatever the answer (an object, JSON, an error), nothing in it is sniffed or run as a page of this origin.
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SAFETY_HEADERS)) c.res.headers.set(name, value);
  });

  app.route('/bucket', bucketRoutes(ctx));
  app.route('/object', objectRoutes(ctx));

  // A catch-all rather than app.notFound(): Hono calls notFound only on the top-level app, and this one is
  // mounted under a base path. The real server answers an unknown route with a real 404.
  app.all('*', (c) => {
    const path = new URL(c.req.url).pathname;
    throw errors.routeNotFound(c.req.method, path.slice(path.indexOf('/storage/v1') + '/storage/v1'.length) || '/');
  });
  app.onError((error, c) => {
    const head = c.req.method === 'HEAD';
    if (error instanceof StorageError) return errorResponse(error, head);
    console.error('[storage] unexpected failure:', error);
    return errorResponse(errors.internal(), head);
  });
  return app;
}
