// What route() refuses before a handler runs: bodies over their cap (by Content-Length and while streaming),
// JSON nested too deeply, and state-changing requests sent by another site with this site's cookies.
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './route';
import { en } from '@/messages';

const echo = route({ input: z.object({ text: z.string() }) }, ({ input }) => ({ length: input.text.length }));

function streamed(bytes: number, chunk = 64 * 1024) {
  let sent = 0;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  const init = { method: 'POST', body, duplex: 'half' };
  const request = new NextRequest('http://localhost/api/test', init as ConstructorParameters<typeof NextRequest>[1]);
  return { request, pulledChunks: () => pulled };
}

describe('body caps', () => {
  it('refuses a body whose Content-Length is over the cap without reading it', async () => {
    const request = new NextRequest('http://localhost/api/test', {
      method: 'POST',
      body: '{"text":"x"}',
      headers: { 'content-length': String(2 * 1024 * 1024) },
    });
    const response = await echo(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: 'payload_too_large', message: en.errors.payload_too_large, issues: [] } });
    expect(request.bodyUsed).toBe(false);
  });

  it('stops reading a chunked body once it passes the cap', async () => {
    const { request, pulledChunks } = streamed(50 * 1024 * 1024);
    const response = await echo(request);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('payload_too_large');
    // 1 MB in 64 KB chunks, plus the one that crossed the line and what the stream queued ahead.
    expect(pulledChunks()).toBeLessThan(40);
  });

  it('takes a route’s own larger cap', async () => {
    const big = route({ input: z.object({ text: z.string() }), maxBodyBytes: 3 * 1024 * 1024 }, ({ input }) => ({ length: input.text.length }));
    const text = 'a'.repeat(2 * 1024 * 1024);
    const response = await big(new NextRequest('http://localhost/api/test', { method: 'POST', body: JSON.stringify({ text }) }));
    expect(await response.json()).toEqual({ length: text.length });
  });

  it('answers deeply nested JSON with 400, and nesting inside strings does not count', async () => {
    const deep = `{"text":"x","n":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await echo(new NextRequest('http://localhost/api/test', { method: 'POST', body: deep }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('bad_request');
    const text = `[{"\\"${'['.repeat(200)}`;
    const fine = await echo(new NextRequest('http://localhost/api/test', { method: 'POST', body: JSON.stringify({ text }) }));
    expect(await fine.json()).toEqual({ length: text.length });
  });
});

describe('cross-site writes', () => {
  const write = route({}, () => ({ ok: true }));
  const hook = route({ crossSite: 'allow' }, () => ({ ok: true }));
  const request = (headers: Record<string, string>, method = 'POST') =>
    new NextRequest('http://citewise.test/api/test', { method, headers: { host: 'citewise.test', ...headers } });

  it('refuses a write with cookies from another origin, or with no Origin from a cross-site context', async () => {
    const refused: Record<string, string>[] = [
      { cookie: 'sb=1', origin: 'https://evil.example' },
      { cookie: 'sb=1', origin: 'https://notes.citewise.test' },
      { cookie: 'sb=1', origin: 'null' },
      { cookie: 'sb=1', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await write(request(headers, method));
        expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect((await response.json()).error.code).toBe('cross_site_request');
      }
    }
  });

  it('lets through this origin, reads, cookieless requests (bearer tokens) and self-authenticating routes', async () => {
    const allowed: Array<[Record<string, string>, string?]> = [
      [{ cookie: 'sb=1', origin: 'http://citewise.test' }],
      [{ cookie: 'sb=1', 'sec-fetch-site': 'same-origin' }],
      [{ cookie: 'sb=1' }],
      [{ cookie: 'sb=1', origin: 'https://evil.example' }, 'GET'],
      [{ authorization: 'Bearer token', origin: 'https://evil.example' }],
    ];
    for (const [headers, method] of allowed) expect((await write(request(headers, method))).status, JSON.stringify(headers)).toBe(200);
    expect((await hook(request({ cookie: 'sb=1', origin: 'https://evil.example' }))).status).toBe(200);
  });
});
