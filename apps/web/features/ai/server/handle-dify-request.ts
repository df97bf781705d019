import 'server-only';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { sessionCheckMs } from '@/lib/auth/session-state';
import { isCrossSiteWrite } from '@/lib/cross-site';
import { AppError } from '@/lib/errors';
import { jsonTooDeep, readBodyBytes } from '@/lib/read-body';
import { translator } from '@/lib/i18n/translator';
import { localeCookie, type Locale } from '@/lib/i18n/routing';
import { requestLocale } from '@/lib/request-info';
import { appIdSchema, pathIdSchema } from '../schema';
import { resolveAiApp } from './ai-upstream';
import { matchDifyEndpoint, type DifyEndpoint } from './dify-endpoints';
import { DifyProxyError, difyErrorResponse } from './dify-error';
import { proxyDifyRequest } from './proxy-dify-request';
import { openUpload } from './upload-form';

const MAX_JSON_BYTES = 2 * 1024 * 1024;

/**
 * The route() of /api/ai/dify/*: like the product's wrapper it validates with zod and takes the user from
 * verified claims, but answers in Dify's error shape and hands back the runtime's response as it streams.
 */
export async function handleDifyRequest(request: NextRequest, segments: readonly string[]): Promise<Response> {
  const startedAt = performance.now();
  const locale = requestLocale(request.headers, request.cookies.get(localeCookie.name)?.value);
  const t = translator(locale, 'errors');
  try {
    // Uploads are multipart forms, which another site may post without asking first (see lib/cross-site.ts).
    if (isCrossSiteWrite(request)) throw new DifyProxyError(403, 'forbidden', t('cross_site_request'));
    // Null too for a token whose session has ended (signed out everywhere, a suspended or deleted account).
    const user = await currentUser();
    const sessionMs = performance.now() - startedAt;
    if (!user) throw new DifyProxyError(401, 'unauthorized', t('unauthorized'));
    const match = matchDifyEndpoint(request.method, segments);
    if (!match.endpoint) {
      throw match.pathMatched ? new DifyProxyError(405, 'method_not_allowed', t('bad_request')) : new DifyProxyError(404, 'not_found', t('not_found'));
    }
    const { appid } = parse(appIdSchema, Object.fromEntries(request.nextUrl.searchParams), locale);
    const id = match.id === null ? null : parse(pathIdSchema, match.id, locale);
    const upstream = await resolveAiApp(appid);
    if (!upstream) throw new DifyProxyError(404, 'not_found', t('not_found'));
    // An upload streams through under the runtime's own size limit (upload-form.ts); everything else is read here.
    const input = match.endpoint.user === 'form' ? await openUpload(request, upstream, locale) : await readInput(request, match.endpoint, locale);
    return await proxyDifyRequest({
      endpoint: match.endpoint,
      id,
      appId: appid,
      upstream,
      user,
      locale,
      input,
      signal: request.signal,
      startedAt,
      sessionMs,
      checkMs: sessionCheckMs(user.claims),
    });
  } catch (error) {
    if (error instanceof DifyProxyError) {
      if (error.status >= 500) console.error('[ai]', error.cause ?? error);
      return difyErrorResponse(error);
    }
    console.error('[ai]', error);
    return difyErrorResponse(new DifyProxyError(500, 'internal_server_error', t('internal_error')));
  }
}

async function readInput(request: NextRequest, endpoint: DifyEndpoint, locale: Locale) {
  if (endpoint.user === 'query') {
    parse(endpoint.schema!, Object.fromEntries(request.nextUrl.searchParams), locale);
    return request.nextUrl.searchParams;
  }
  const v = translator(locale, 'validation');
  // Capped as route() caps bodies (lib/read-body.ts): by Content-Length, and while a chunked body streams in.
  let bytes: Buffer;
  try {
    bytes = await readBodyBytes(request, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') throw new DifyProxyError(413, 'invalid_param', v('too_long'));
    throw error;
  }
  const text = bytes.toString('utf8');
  if (jsonTooDeep(text)) throw new DifyProxyError(400, 'invalid_param', translator(locale, 'errors')('bad_request'));
  let raw: unknown = {};
  // JSON only as application/json: a page on another site can post text/plain without asking first.
  const json = /^application\/json\b/i.test(request.headers.get('content-type') ?? '');
  try {
    if (text.trim()) raw = json ? JSON.parse(text) : undefined;
  } catch {
    raw = undefined;
  }
  if (raw === undefined) throw new DifyProxyError(400, 'invalid_param', translator(locale, 'errors')('bad_request'));
  return parse(endpoint.schema!, raw, locale);
}

/** A zod check answered as Dify's `invalid_param`, with the field in `params` as Dify does. */
function parse<T>(schema: z.ZodType<T>, raw: unknown, locale: Locale): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const v = translator(locale, 'validation');
  const key = v.has(issue.message as 'invalid') ? (issue.message as 'invalid') : 'invalid';
  throw new DifyProxyError(400, 'invalid_param', v(key), { extra: { params: issue.path.join('.') } });
}
