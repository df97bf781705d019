import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemote, isForbiddenAddress, MAX_REDIRECTS, RemoteFetchError } from './remote-fetch';

// A real server on this machine stands in for the internet; it is reachable only with the test-only allowance.
let server: http.Server;
let base: string;
const allow = { allowAddresses: ['127.0.0.1'] };

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/paper.txt') return response.end('attention is all you need');
    if (url.pathname === '/hop') {
      response.writeHead(302, { location: hops > 1 ? `/hop?hops=${hops - 1}` : '/paper.txt' });
      return response.end();
    }
    if (url.pathname === '/to') {
      response.writeHead(302, { location: url.searchParams.get('target')! });
      return response.end();
    }
    if (url.pathname === '/big') {
      response.writeHead(200, { 'content-length': String(1024 * 1024) });
      return response.end(Buffer.alloc(1024 * 1024));
    }
    if (url.pathname === '/stream') {
      // Chunked, no declared length: the cap has to count while reading.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const push = () => {
        let flowing = true;
        while (sent < 64 && flowing) {
          sent++;
          flowing = response.write(chunk);
        }
        if (sent < 64) response.once('drain', push);
        else response.end();
      };
      return push();
    }
    if (url.pathname === '/slow') return void response.writeHead(200).write('partial');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteFetchError);
  return (error as RemoteFetchError).reason;
}

describe('fetching a user-given URL', () => {
  it('refuses loopback, private, link-local and metadata addresses by default, by name or literally', async () => {
    const port = new URL(base).port;
    for (const url of [
      `${base}/paper.txt`,
      `http://localhost:${port}/paper.txt`,
      `http://[::1]:${port}/paper.txt`,
      `http://[::ffff:127.0.0.1]:${port}/paper.txt`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://0.0.0.0/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      'http://2130706433/', // 127.0.0.1 written as one number
    ]) {
      expect(await refusal(fetchRemote(url)), url).toBe('forbidden_address');
    }
  });

  it('refuses other schemes and credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/x', 'data:text/plain,hi', 'http://user:secret@example.org/', 'not a url']) {
      expect(await refusal(fetchRemote(url)), url).toBe('invalid_url');
    }
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '::1',
      '::',
      '::ffff:192.168.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a9fe:a9fe',
      '::127.0.0.1',
      '::169.254.169.254',
      '::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fd12::1',
      '100.64.0.1',
      'not-an-ip',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.215.14', '2606:4700::1111', '8.8.8.8']) expect(isForbiddenAddress(address), address).toBe(false);
    expect(isForbiddenAddress('127.0.0.1', ['127.0.0.1'])).toBe(false);
  });

  it('fetches an allowed address and follows up to three redirects', async () => {
    const direct = await fetchRemote(`${base}/paper.txt`, allow);
    expect(direct).toMatchObject({ status: 200, url: `${base}/paper.txt` });
    expect(direct.body.toString()).toBe('attention is all you need');
    const redirected = await fetchRemote(`${base}/hop?hops=${MAX_REDIRECTS}`, allow);
    expect(redirected.body.toString()).toBe('attention is all you need');
    expect(redirected.url).toBe(`${base}/paper.txt`);
    expect(await refusal(fetchRemote(`${base}/hop?hops=${MAX_REDIRECTS + 1}`, allow))).toBe('too_many_redirects');
    expect((await fetchRemote(`${base}/missing`, allow)).status).toBe(404);
  });

  it('checks every redirect target again', async () => {
    const port = new URL(base).port;
    // 127.0.0.1 is let through for this test; every other refused address stays refused after a redirect.
    for (const target of ['http://10.0.0.7/', 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${port}/`, 'file:///etc/passwd']) {
      const reason = await refusal(fetchRemote(`${base}/to?target=${encodeURIComponent(target)}`, allow));
      expect(reason, target).toBe(target.startsWith('file:') ? 'invalid_url' : 'forbidden_address');
    }
  });

  it('caps the size, declared or streamed, and the time', async () => {
    expect(await refusal(fetchRemote(`${base}/big`, { ...allow, maxBytes: 1000 }))).toBe('too_large');
    expect(await refusal(fetchRemote(`${base}/stream`, { ...allow, maxBytes: 100_000 }))).toBe('too_large');
    expect((await fetchRemote(`${base}/stream`, { ...allow, maxBytes: 8 * 1024 * 1024 })).body.length).toBe(64 * 64 * 1024);
    expect(await refusal(fetchRemote(`${base}/slow`, { ...allow, timeoutMs: 300 }))).toBe('timeout');
  });
});
