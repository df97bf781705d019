// Small HTTP helpers shared by the bucket and object routes.
import { z } from 'zod';
import { ANON, bearer, type Caller } from './auth';
import type { StorageContext } from './context';
import { errors, parseOrThrow, StorageError } from './errors';

const MAX_JSON_BODY = 1024 * 1024;

export const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

/** A JSON body (empty means `{}`, as supabase-js sends bodiless DELETE/POST calls), validated by `schema`. */
export async function jsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_JSON_BODY)
    throw new StorageError(413, 'EntityTooLarge', 'Payload too large', 'Request body is too large', 413);
  const text = await request.text();
  if (text.length > MAX_JSON_BODY) throw new StorageError(413, 'EntityTooLarge', 'Payload too large', 'Request body is too large', 413);
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new StorageError(400, 'InvalidRequest', 'Bad Request', 'Body is not valid JSON');
    }
  }
  return parseOrThrow(schema, body);
}

/** The caller of a route that needs a valid token (the anon key counts). */
export async function requireCaller(ctx: StorageContext, request: Request): Promise<Caller> {
  const token = bearer(request) ?? request.headers.get('apikey');
  if (!token) throw errors.accessDenied("headers must have required property 'authorization'");
  return ctx.verify(token);
}

/** Routes the real server marks allowInvalidJwt: a missing or bad token makes the caller anonymous. */
export async function optionalCaller(ctx: StorageContext, request: Request): Promise<Caller> {
  const token = bearer(request) ?? request.headers.get('apikey');
  if (!token) return ANON;
  try {
    return await ctx.verify(token);
  } catch {
    return ANON;
  }
}

export function requireServiceRole(caller: Caller): void {
  if (caller.role !== 'service_role') throw errors.invalidRole();
}
