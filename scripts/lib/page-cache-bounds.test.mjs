// @ts-check
// The page cache's memory bounds: a number of entries, and a byte budget over the kept bodies.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeNext, get, languages, portOf } from './page-cache.fixtures.mjs';
import { createPageCache } from './page-cache.mjs';

/** @typedef {import('./page-cache.fixtures.mjs').Call} Call */

describe('page cache bounds', () => {
  it('forgets the oldest dynamic URL to make room, and keeps the kept pages', async () => {
    /** @type {Call[]} */
    const calls = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
    const cache = await createPageCache({ render: fakeNext(calls), buildIdFile: path.join(dir, 'BUILD_ID'), ...languages, maxEntries: 3 });
    const server = http.createServer((request, response) => cache.handle(request, response, () => fakeNext([])(request, response)));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const port = portOf(server);
    try {
      const host = { host: 'example.test' };
      await get(port, '/pricing', host);
      for (const url of ['/dynamic-1', '/dynamic-2', '/dynamic-3', '/dynamic-4']) await get(port, url, host);
      // Each dynamic URL was tried once; the kept page was never asked for again.
      expect(calls.map((call) => call.url)).toEqual(['/pricing', '/dynamic-1', '/dynamic-2', '/dynamic-3', '/dynamic-4']);
      await get(port, '/pricing', host);
      await get(port, '/zh', host);
      await get(port, '/zh', host);
      expect(calls.map((call) => call.url).slice(5)).toEqual(['/zh']);
    } finally {
      await cache.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the kept bodies within the byte budget, forgetting the least recently served page first', async () => {
    /** @type {Call[]} */
    const calls = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
    // One page with its three encodings is about 5 kB: room for two, not three.
    const cache = await createPageCache({ render: fakeNext(calls), buildIdFile: path.join(dir, 'BUILD_ID'), ...languages, maxBytes: 11_000 });
    const server = http.createServer((request, response) => cache.handle(request, response, () => fakeNext([])(request, response)));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const port = portOf(server);
    try {
      await get(port, '/pricing', {});
      await get(port, '/zh', {});
      expect(cache.bytes).toBeGreaterThan(0);
      expect(cache.bytes).toBeLessThanOrEqual(11_000);
      await get(port, '/pricing', {}); // now more recent than /zh
      await get(port, '/', {});
      expect(cache.stats.evicted).toBe(1);
      expect(cache.bytes).toBeLessThanOrEqual(11_000);
      await get(port, '/pricing', {});
      await get(port, '/zh', {});
      // /pricing stayed; /zh was forgotten and rendered again.
      expect(calls.map((call) => call.url)).toEqual(['/pricing', '/zh', '/', '/zh']);
    } finally {
      await cache.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
