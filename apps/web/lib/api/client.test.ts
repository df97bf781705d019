// The browser's API client against a real HTTP server that fails the way networks and servers do
// (docs/product.md §7, §9).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiFetch, apiRequest, NETWORK_RETRIES, RETRY_STATUSES } from './client';

/** What the server does with the next requests: a list consumed in order, the last one repeated. */
type Behaviour = { drop: true } | { status: number; body?: unknown; headers?: Record<string, string> };
let script: Behaviour[] = [];
let received: { method: string; body: string; locale?: string }[] = [];

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ method: request.method ?? '', body, locale: request.headers['x-locale'] as string | undefined });
    const next = script.length > 1 ? script.shift()! : script[0]!;
    // No answer at all: the connection is cut, as when the network fails.
    if ('drop' in next) return void request.socket.destroy();
    response.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    response.end(JSON.stringify(next.body ?? { ok: true }));
  });
});
let base = '';

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  received = [];
});

const failure = (code: string) => ({ error: { code, message: code, issues: [] } });
const call = (method: string) => apiFetch(`${base}/api/thing`, { method, locale: 'en', body: method === 'GET' ? undefined : { n: 1 } });
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('apiFetch retries', () => {
  it.each(RETRY_STATUSES)('retries a GET answered %i once, and never a POST, PUT, PATCH or DELETE', async (status) => {
    script = [{ status, body: failure('internal_error') }];
    const error = await rejection(call('GET'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(received).toHaveLength(2);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      received = [];
      expect(await rejection(call(method))).toBeInstanceOf(ApiError);
      expect(received).toHaveLength(1);
    }
  });

  it('answers the second try of a GET when it succeeds', async () => {
    script = [
      { status: 503, body: failure('auth_unavailable') },
      { status: 200, body: { value: 42 } },
    ];
    expect(await call('GET')).toEqual({ value: 42 });
    expect(received).toHaveLength(2);
  });

  it('does not retry other failures', async () => {
    for (const status of [400, 401, 403, 404, 422, 501]) {
      received = [];
      script = [{ status, body: failure('bad_request') }];
      await rejection(call('GET'));
      expect(received).toHaveLength(1);
    }
  });

  it('tries a request that got no answer up to three more times, then reports network_error', async () => {
    for (const method of ['GET', 'POST']) {
      received = [];
      script = [{ drop: true }];
      const error = await rejection(call(method));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('network_error');
      expect(received).toHaveLength(1 + NETWORK_RETRIES);
      expect(received.every((request) => request.method === method)).toBe(true);
    }
    expect(received.at(-1)!.body).toBe('{"n":1}');
  });

  it('recovers when the network comes back, and keeps the status budget apart from the network one', async () => {
    script = [{ drop: true }, { drop: true }, { status: 200, body: { value: 1 } }];
    expect(await call('POST')).toEqual({ value: 1 });
    expect(received).toHaveLength(3);
    received = [];
    script = [{ drop: true }, { status: 502, body: failure('internal_error') }, { status: 502 }, { status: 200 }];
    expect(((await rejection(call('GET'))) as ApiError).status).toBe(502);
    expect(received).toHaveLength(3);
  });

  it('never retries a request its caller aborted', async () => {
    script = [{ drop: true }];
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(apiFetch(`${base}/api/thing`, { locale: 'en', signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
    expect(received.length).toBeLessThanOrEqual(1);
  });
});

describe('apiFetch error mapping', () => {
  it('keeps the API’s code, issues and Retry-After, and sends the page’s language', async () => {
    const issues = [{ path: 'email', code: 'email_invalid', message: 'Enter a valid email address' }];
    script = [{ status: 400, body: { error: { code: 'validation_failed', message: 'x', issues } } }];
    expect(await rejection(call('POST'))).toMatchObject({ code: 'validation_failed', status: 400, issues });
    expect(received[0]!.locale).toBe('en');
    script = [{ status: 429, body: failure('rate_limited'), headers: { 'retry-after': '17' } }];
    expect(await rejection(call('POST'))).toMatchObject({ code: 'rate_limited', retryAfter: 17 });
    script = [{ status: 500, body: 'not the API' }];
    expect(await rejection(call('POST'))).toMatchObject({ code: 'internal_error', status: 500 });
  });

  it('reads an error out of a file download, and the file as bytes', async () => {
    script = [{ status: 404, body: failure('not_found') }];
    const missing = apiRequest(`${base}/api/export`, { method: 'POST', body: {}, locale: 'en', responseType: 'blob' });
    expect(await rejection(missing)).toMatchObject({ code: 'not_found', status: 404 });
    script = [{ status: 200, body: [{ id: 'a' }] }];
    const file = await apiRequest<Blob>(`${base}/api/export`, { method: 'POST', body: {}, locale: 'en', responseType: 'blob' });
    expect(await file._data!.text()).toBe('[{"id":"a"}]');
  });
});
