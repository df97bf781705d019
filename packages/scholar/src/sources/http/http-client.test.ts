// The shared HTTP path against a local server: status → error code, Retry-After, timeouts, cancellation,
// unreachable hosts and oversized bodies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '../../../test/replay-server';
import { SourceError } from '../source-error';
import { createHttpClient, parseJsonBody } from './http-client';

let server: ReplayServer;
const fast = { limit: 100, interval: 1000 };

beforeAll(async () => {
  server = await startReplayServer([
    { path: '/ok', body: '{"fine":true}' },
    { path: '/slow-down', status: 429, headers: { 'retry-after': '30' }, body: '{"message":"Too Many Requests"}' },
    { path: '/slow-down-date', status: 429, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }, body: '' },
    { path: '/broken', status: 500, body: '<html><body><h1>Internal Server Error</h1></body></html>' },
    { path: '/bad', status: 400, body: '{"error":"Unrecognized or unsupported fields: [unknown]"}' },
    { path: '/forbidden', status: 403, body: '{"message":"Forbidden"}' },
    { path: '/missing', status: 404, body: 'Resource not found.' },
    { path: '/teapot', status: 418, body: '' },
    { path: '/hang', hang: true },
    { path: '/big', body: 'x'.repeat(2000) },
  ]);
});
afterAll(() => server.close());

const client = (rateLimit = fast) => createHttpClient({ source: 'openalex', baseUrl: server.url, rateLimit, maxBodyBytes: 1000 });
const signal = () => new AbortController().signal;
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
};

describe('http client', () => {
  it('joins the base path, encodes the query and skips empty values', async () => {
    const url = createHttpClient({ source: 'openalex', baseUrl: `${server.url}/api/`, rateLimit: fast }).url('/works/doi:10.1/a b', {
      search: 'dark matter',
      page: 2,
      mailto: undefined,
      filter: '',
    });
    expect(url.pathname).toBe('/api/works/doi:10.1/a%20b');
    expect([...url.searchParams]).toEqual([
      ['search', 'dark matter'],
      ['page', '2'],
    ]);
    const response = await client().request({ path: '/ok', signal: signal() });
    expect(response.status).toBe(200);
  });

  it('maps statuses to error codes with the provider message', async () => {
    const c = client();
    expect(await failure(c.request({ path: '/broken', signal: signal() }))).toMatchObject({
      code: 'unavailable',
      status: 500,
      message: expect.stringContaining('Internal Server Error'),
    });
    expect(await failure(c.request({ path: '/bad', signal: signal() }))).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('unsupported fields'),
    });
    expect(await failure(c.request({ path: '/forbidden', signal: signal() }))).toMatchObject({ code: 'forbidden', status: 403 });
    expect(await failure(c.request({ path: '/missing', signal: signal() }))).toMatchObject({ code: 'not_found' });
    expect(await failure(c.request({ path: '/teapot', signal: signal() }))).toMatchObject({ code: 'http_error', status: 418 });
    expect((await c.request({ path: '/missing', allow: [404], signal: signal() })).text).toBe('Resource not found.');
  });

  it('honours Retry-After: later calls fail at once without reaching the provider', async () => {
    const c = client();
    expect(await failure(c.request({ path: '/slow-down', signal: signal() }))).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 30 });
    const seen = server.requests.length;
    const again = await failure(c.request({ path: '/ok', signal: signal() }));
    expect(again.code).toBe('rate_limited');
    expect(again.retryAfterSeconds).toBeGreaterThan(25);
    expect(server.requests.length).toBe(seen);
    const dated = await failure(client().request({ path: '/slow-down-date', signal: signal() }));
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(85);
  });

  it('gives up on a hanging response when the signal times out, and the server sees the request dropped', async () => {
    const before = server.requests.filter((r) => r.abandoned).length;
    const error = await client()
      .request({ path: '/hang', signal: AbortSignal.timeout(150) })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    await server.abandoned(before + 1);
  });

  it('cancels a request waiting for its turn without ever sending it', async () => {
    const c = client({ limit: 100, interval: 1000, concurrency: 1 } as typeof fast);
    const first = new AbortController();
    const second = new AbortController();
    const running = c.request({ path: '/hang', signal: first.signal }).catch((e: unknown) => e);
    const queued = c.request({ path: '/ok', signal: second.signal }).catch((e: unknown) => e);
    const count = server.requests.length;
    second.abort(new Error('user went away'));
    expect(((await queued) as Error).message).toBe('user went away');
    first.abort(new Error('done'));
    await running;
    expect(server.requests.slice(count).some((r) => r.path === '/ok')).toBe(false);
    // The concurrency place is free again.
    expect((await c.request({ path: '/ok', signal: signal() })).status).toBe(200);
  });

  it('reports an unreachable host and an oversized body', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const closed = createHttpClient({ source: 'crossref', baseUrl: `http://127.0.0.1:${port}`, rateLimit: fast });
    expect(await failure(closed.request({ path: '/works', signal: signal() }))).toMatchObject({ code: 'network_error', source: 'crossref' });
    expect(await failure(client().request({ path: '/big', signal: signal() }))).toMatchObject({ code: 'malformed_response' });
  });

  it('refuses a body that is not JSON', () => {
    expect(() => parseJsonBody('crossref', '<html>oops')).toThrow(/not JSON/);
    expect(parseJsonBody('crossref', '{"a":1}')).toEqual({ a: 1 });
  });
});
