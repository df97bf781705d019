import 'server-only';
import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/errors';
import { localeCookie } from '@/lib/i18n/routing';
import { requestLocale } from '@/lib/request-info';
import { errorResponse } from '@/lib/route';

/** The methods a product API route may export; Next adds HEAD (from GET) and OPTIONS by itself. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

type Refusal = (request: NextRequest) => Response;

/**
 * Handlers for the methods a route does not implement: 405 `method_not_allowed` in the product's error shape
 * (docs/conventions.md §2.1) with the `Allow` header, instead of Next's empty 405. Each route file ends with
 *
 *   export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
 *
 * and the compiler refuses a method named twice (route-methods.test.ts checks none is missing).
 */
export function otherMethods<M extends Partial<Record<ApiMethod, unknown>>>(implemented: M): Record<Exclude<ApiMethod, keyof M>, Refusal> {
  const allow = allowHeader(Object.keys(implemented));
  const refuse: Refusal = (request) => {
    const locale = requestLocale(request.headers, request.cookies.get(localeCookie.name)?.value);
    const response = errorResponse(new AppError('method_not_allowed'), locale);
    response.headers.set('allow', allow);
    return response;
  };
  const refusals: Partial<Record<ApiMethod, Refusal>> = {};
  for (const method of API_METHODS) if (!Object.hasOwn(implemented, method)) refusals[method] = refuse;
  return refusals as Record<Exclude<ApiMethod, keyof M>, Refusal>;
}

/** RFC 9110 §10.2.1: the implemented methods, with the HEAD and OPTIONS Next derives, sorted as Next sorts them. */
export function allowHeader(methods: string[]): string {
  const allow = new Set([...methods, 'OPTIONS']);
  if (allow.has('GET')) allow.add('HEAD');
  return [...allow].sort().join(', ');
}
