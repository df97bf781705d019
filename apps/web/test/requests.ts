// Requests to the product's route handlers as a browser sends them, and what the handlers answer, for the web API
// tests (test/web-api.ts).
import { NextRequest } from 'next/server';

/**
 * A request to `path` on the product: GET without a body, POST with one unless `method` says otherwise; `body` is
 * sent as JSON, `raw` as it is (a malformed or oversized body).
 */
export function apiRequest(path: string, init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): NextRequest {
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  return new NextRequest(`http://localhost${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    body,
    headers: { 'content-type': 'application/json', ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...init.headers },
  });
}

/** The second argument of a dynamic route's handler: its path parameters. */
export const routeParams = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

/** A handler's answer as its status and JSON body. */
export async function jsonOf(response: Response): Promise<{ status: number; body: Awaited<ReturnType<Response['json']>> }> {
  return { status: response.status, body: await response.json() };
}
