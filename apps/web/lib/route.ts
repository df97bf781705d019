import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { AppError, type ErrorBody, type ErrorIssue } from '@/lib/errors';
import { limitMessage } from '@/lib/limit-message';
import { translator } from '@/lib/i18n/translator';
import { localeCookie, type Locale } from '@/lib/i18n/routing';
import { rateLimitStore, type RateLimit } from '@/lib/rate-limit';
import { isCrossSiteWrite } from '@/lib/cross-site';
import { DEFAULT_MAX_BODY_BYTES, jsonTooDeep, readBodyText } from '@/lib/read-body';
import { clientIp, requestLocale } from '@/lib/request-info';
import { issueKeys } from '@/lib/validation-issues';
import { currentUser, type SessionUser } from '@/lib/auth/session';
import { adminAccess } from '@/lib/auth/admin-access';

type AuthMode = 'required' | 'optional' | 'none' | 'admin';
type UserFor<A extends AuthMode> = A extends 'required' | 'admin' ? SessionUser : A extends 'optional' ? SessionUser | null : null;

export type RouteContext<I, A extends AuthMode> = {
  input: I;
  /**
   * From verified claims (getClaims()), never from the cookie's own account of itself, and only while the token's
   * session lives (currentUser: not signed out everywhere, the account neither suspended nor deleted).
   */
  user: UserFor<A>;
  request: NextRequest;
  locale: Locale;
  ip: string;
  params: Record<string, string | string[]>;
};

/** A rate limit and what it counts by (default: the client's address). */
export type RouteRateLimit<I> = RateLimit & { key?: (ctx: { ip: string; input: I; user: SessionUser | null }) => string };

export type RouteOptions<S extends z.ZodType | undefined, A extends AuthMode> = {
  /** Validates the JSON body (or, for GET and DELETE, the query string). */
  input?: S;
  /**
   * `required` answers 401 without a verified session; `optional` resolves the user when there is one; `admin`
   * also answers 403 `forbidden` to a non-admin and 403 `mfa_required` to an admin who still owes a second factor.
   */
  auth?: A;
  rateLimit?: RouteRateLimit<S extends z.ZodType ? z.infer<S> : undefined>[];
  /** The largest body accepted, in bytes (default 1 MB); a bigger one is refused before it is read. */
  maxBodyBytes?: number;
  /** `allow` only for routes that authenticate each request themselves (signed webhooks); see cross-site.ts. */
  crossSite?: 'refuse' | 'allow';
};

type Handler<S extends z.ZodType | undefined, A extends AuthMode> = (
  ctx: RouteContext<S extends z.ZodType ? z.infer<S> : undefined, A>,
) => Promise<Response | object> | Response | object;

/**
 * The one wrapper of product API handlers: it parses input with zod, resolves the user from verified claims,
 * applies rate limits and maps every failure to `{ error: { code, message, issues } }` in the request's
 * language. Handlers hold only the logic and throw AppError for anything that is not a success.
 *
 *   // POST /api/library/papers – save a paper
 *   export const POST = route({ input: savePaperSchema, auth: 'required' }, ({ input, user }) => savePaper(user, input));
 */
export function route<S extends z.ZodType | undefined = undefined, A extends AuthMode = 'none'>(options: RouteOptions<S, A>, handler: Handler<S, A>) {
  return async (request: NextRequest, context?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const locale = requestLocale(request.headers, request.cookies.get(localeCookie.name)?.value);
    try {
      if (options.crossSite !== 'allow' && isCrossSiteWrite(request)) throw new AppError('cross_site_request');
      // Who is asking comes before what they sent: a signed-out caller learns nothing of a route's fields.
      const mode = options.auth ?? 'none';
      const user = mode === 'none' ? null : await currentUser();
      if ((mode === 'required' || mode === 'admin') && !user) throw new AppError('unauthorized');
      if (mode === 'admin') {
        const access = await adminAccess(user);
        if (access.status === 'signed_out') throw new AppError('unauthorized');
        if (access.status === 'forbidden') throw new AppError('forbidden');
        if (access.status !== 'ok') throw new AppError('mfa_required');
      }
      const input = options.input ? await parseInput(request, options.input, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : undefined;
      const ip = clientIp(request.headers);
      for (const limit of options.rateLimit ?? []) {
        const key = limit.key ? limit.key({ ip, input: input as never, user }) : ip;
        const result = await rateLimitStore().consume(limit, key);
        if (!result.ok) throw new AppError('rate_limited', { retryAfter: result.retryAfterSeconds });
      }
      const params = (await context?.params) ?? {};
      const result = await handler({ input, user, request, locale, ip, params } as RouteContext<never, A>);
      if (result instanceof Response) return result;
      return Response.json(result, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      return errorResponse(error, locale);
    }
  };
}

async function parseInput<S extends z.ZodType>(request: NextRequest, schema: S, maxBodyBytes: number): Promise<z.infer<S>> {
  let raw: unknown;
  if (request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD') {
    raw = Object.fromEntries(request.nextUrl.searchParams);
  } else {
    const text = await readBodyText(request, maxBodyBytes);
    if (jsonTooDeep(text)) throw new AppError('bad_request', { message: 'The request body nests too deeply' });
    try {
      raw = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new AppError('bad_request', { message: 'The request body is not valid JSON' });
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, raw);
  return parsed.data;
}

/**
 * A zod error as `validation_failed`. Schemas use `validation.*` keys as their messages; an issue without one
 * gets a generic key (`required`, `too_small`, …; validation-issues.ts), never zod's English text.
 */
export function validationError(error: z.ZodError, raw?: unknown): AppError {
  const v = translator('en', 'validation');
  return new AppError('validation_failed', { issues: issueKeys(error, (message) => v.has(message as 'invalid'), raw) });
}

/** Maps anything thrown to the stable error response; unexpected causes are logged, never sent. */
export function errorResponse(error: unknown, locale: Locale): Response {
  const known = error instanceof AppError ? error : error instanceof z.ZodError ? validationError(error) : null;
  if (!known || known.status >= 500) console.error('[api]', error instanceof AppError ? (error.cause ?? error) : error);
  const appError = known ?? new AppError('internal_error', { cause: error });
  const t = translator(locale, 'errors');
  const v = translator(locale, 'validation');
  const issues: ErrorIssue[] = appError.issues.map((issue) => ({
    ...issue,
    message: v.has(issue.code as 'invalid') ? v(issue.code as 'invalid') : v('invalid'),
  }));
  // A rule about the whole input (docs/product.md §5: 'You must provide either an email or phone number and a
  // password') is the error's own message, not a detail under the generic one.
  const formIssue = appError.code === 'validation_failed' ? issues.find((issue) => issue.path === '') : undefined;
  const message =
    appError.code === 'rate_limited'
      ? t('rate_limited', { seconds: appError.retryAfter ?? 60 })
      : appError.limit
        ? limitMessage(locale, appError.limit)
        : (formIssue?.message ?? t(appError.code as 'bad_request'));
  const body: ErrorBody = { error: { code: appError.code, message, issues, ...(appError.limit ? { limit: appError.limit } : {}) } };
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (appError.retryAfter) headers['retry-after'] = String(appError.retryAfter);
  return Response.json(body, { status: appError.status, headers });
}
