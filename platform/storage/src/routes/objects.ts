// Every path under /object (docs/protocols/supabase-storage.md §3). Reads and writes of rows run as the caller
// (access.ts), so the policies on storage.objects decide what a user may touch.
import { Hono } from 'hono';
import { z } from 'zod';
import { ANON, type Caller } from '../auth';
import type { StorageContext } from '../context';
import { errors, StorageError } from '../errors';
import { json, jsonBody, optionalCaller, requireCaller } from '../http';
import { assertBucketName } from '../names';
import { list, listSchema } from '../objects/list';
import { copy, move, moveSchema } from '../objects/move-copy';
import { removeMany, removeOne, signMany, signOne } from '../objects/remove-sign';
import { dryRun } from '../access';
import { expiresIn, findBucket, findObject, info, keyConflict, placeholderMetadata, SERVICE, writeRow } from '../objects/rows';
import { download, httpDate, serveObject } from '../objects/serve';
import { uploadObject } from '../objects/write';
import { segmentsOf, targetOf } from './segments';

const missingToken = () => new StorageError(400, 'InvalidRequest', 'Bad Request', "querystring must have required property 'token'");

export function objectRoutes(ctx: StorageContext) {
  return (
    new Hono()
      // POST /object/move, /object/copy – within the destination bucket's rules
      .post('/move', async (c) => move(ctx, await requireCaller(ctx, c.req.raw), await jsonBody(c.req.raw, moveSchema)))
      .post('/copy', async (c) => copy(ctx, await requireCaller(ctx, c.req.raw), await jsonBody(c.req.raw, moveSchema), c.req.raw))
      // POST /object/list/{bucket} – one folder level
      .post('/list/:bucket', async (c) => {
        const caller = await requireCaller(ctx, c.req.raw);
        const [bucket] = segmentsOf(c);
        assertBucketName(bucket!);
        return json(await list(ctx, caller, bucket!, await jsonBody(c.req.raw, listSchema)));
      })
      // POST /object/sign/{bucket} – many signed URLs; POST /object/sign/{bucket}/{key} – one
      .post('/sign/*', async (c) => {
        const caller = await requireCaller(ctx, c.req.raw);
        const segments = segmentsOf(c);
        if (segments.length === 1) {
          assertBucketName(segments[0]!);
          const body = await jsonBody(c.req.raw, z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) }));
          return json(await signMany(ctx, caller, segments[0]!, body.paths, body.expiresIn));
        }
        const target = targetOf(c);
        const body = await jsonBody(c.req.raw, z.object({ expiresIn, transform: z.unknown().optional() }));
        return json({ signedURL: await signOne(ctx, caller, target, body.expiresIn) });
      })
      // GET|HEAD /object/sign/{bucket}/{key}?token= – a signed download, no session needed
      .get('/sign/*', async (c) => {
        const target = targetOf(c);
        const token = c.req.query('token');
        if (!token) throw missingToken();
        const claims = await ctx.signer.verify(token, `${target.bucketId}/${target.key}`, 'download');
        const row = await findObject(ctx, SERVICE, target.bucketId, target.key);
        return serveObject(ctx, c.req.raw, row, { 'cache-control': 'private', expires: httpDate(new Date(claims.exp! * 1000)) });
      })
      // POST /object/upload/sign/{bucket}/{key} – a signed upload URL for the caller
      .post('/upload/sign/*', async (c) => {
        const target = targetOf(c);
        const caller = await requireCaller(ctx, c.req.raw);
        const upsert = c.req.header('x-upsert') === 'true';
        const bucket = await findBucket(ctx, target.bucketId);
        const row = {
          bucketId: bucket.id,
          name: target.key,
          ownerId: caller.sub,
          version: crypto.randomUUID(),
          metadata: placeholderMetadata(),
          userMetadata: null,
        };
        await dryRun(ctx.db, caller, (tx) => writeRow(tx, row, upsert)).catch((error: unknown) => {
          throw keyConflict(error);
        });
        const token = await ctx.signer.sign(
          { url: `${target.bucketId}/${target.key}`, scope: 'upload', owner: caller.sub, upsert },
          ctx.config.STORAGE_SIGNED_UPLOAD_EXPIRY,
        );
        return json({ url: `/object/upload/sign/${target.bucketId}/${target.key}?token=${token}`, token });
      })
      // PUT /object/upload/sign/{bucket}/{key}?token= – the upload itself, as the owner named in the token
      .put('/upload/sign/*', async (c) => {
        const target = targetOf(c);
        const token = c.req.query('token');
        if (!token) throw missingToken();
        const claims = await ctx.signer.verify(token, `${target.bucketId}/${target.key}`, 'upload');
        const owner = typeof claims.owner === 'string' ? claims.owner : null;
        const caller: Caller = owner ? { role: 'authenticated', sub: owner, claims: { sub: owner, role: 'authenticated' } } : ANON;
        const result = await uploadObject(ctx, c.req.raw, target, { caller, upsert: claims.upsert === true, asService: true });
        return json({ Key: result.key });
      })
      // GET /object/info[/public|/authenticated]/{bucket}/{key}
      .get('/info/*', async (c) => {
        const segments = segmentsOf(c);
        const mode = segments[0] === 'public' || segments[0] === 'authenticated' ? segments[0] : null;
        const target = targetOf(c, mode ? 1 : 0);
        const bucket = await findBucket(ctx, target.bucketId);
        const caller: Caller | 'public' =
          mode === 'public' ? 'public' : mode === 'authenticated' ? await requireCaller(ctx, c.req.raw) : await optionalCaller(ctx, c.req.raw);
        if ((caller === 'public' || caller.role === 'anon') && !bucket.public) throw errors.noSuchBucket();
        const reader = caller === 'public' || bucket.public ? SERVICE : caller;
        return json(info(await findObject(ctx, reader, bucket.id, target.key)));
      })
      // GET|HEAD /object/public/{bucket}/{key} – public buckets only; /object/authenticated/… – as the caller
      .get('/public/*', async (c) => download(ctx, c.req.raw, 'public', targetOf(c)))
      .get('/authenticated/*', async (c) => download(ctx, c.req.raw, await requireCaller(ctx, c.req.raw), targetOf(c)))
      // DELETE /object/{bucket} – many, by `prefixes`
      .delete('/:bucket', async (c) => {
        const caller = await requireCaller(ctx, c.req.raw);
        const [bucket] = segmentsOf(c);
        assertBucketName(bucket!);
        const body = await jsonBody(c.req.raw, z.object({ prefixes: z.array(z.string()).min(1).max(1000) }));
        return removeMany(ctx, caller, bucket!, body.prefixes);
      })
      // GET|HEAD /object/{bucket}/{key} – a token if there is one, else anonymous
      .get('/:bucket/*', async (c) => download(ctx, c.req.raw, await optionalCaller(ctx, c.req.raw), targetOf(c)))
      // POST /object/{bucket}/{key} – upload (x-upsert: true replaces); PUT – update
      .on(['POST', 'PUT'], '/:bucket/*', async (c) => {
        const target = targetOf(c);
        const caller = await requireCaller(ctx, c.req.raw);
        const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
        const result = await uploadObject(ctx, c.req.raw, target, { caller, upsert });
        return json({ Id: result.id, Key: result.key });
      })
      // DELETE /object/{bucket}/{key}
      .delete('/:bucket/*', async (c) => removeOne(ctx, await requireCaller(ctx, c.req.raw), targetOf(c)))
  );
}
