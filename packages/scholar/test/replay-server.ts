// A local stand-in for a provider's HTTP API: answers recorded responses (test/fixtures/<provider>/) by path and
// query, and error answers on demand, on 127.0.0.1 and an ephemeral port. Each adapter's tests point the real
// client at it, so the real HTTP code and the real parser run.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

export interface ReplayRoute {
  method?: 'GET' | 'POST';
  /** Decoded path, e.g. `/works/10.1371/journal.pone.0033693`, or a pattern (e.g. every unknown id). */
  path: string | RegExp;
  /** Query parameters that must be present with these values; any others are ignored. */
  query?: Record<string, string>;
  status?: number;
  headers?: Record<string, string>;
  /** A recorded body: a path below test/fixtures. */
  file?: string;
  /** A body built by the test (say in a comment where it comes from). */
  body?: string | ((request: ReplayRequest) => string);
  /** Never answer: proves timeouts and cancellation. */
  hang?: boolean;
}

export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Set when the client went away before an answer was sent (cancelled or timed out). */
  abandoned: boolean;
  route?: ReplayRoute;
}

export interface ReplayServer {
  url: string;
  requests: ReplayRequest[];
  /** Resolves once the server has seen `count` requests abandoned by the client. */
  abandoned(count?: number): Promise<void>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.json': 'application/json; charset=utf-8', '.xml': 'text/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

export const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

function matches(route: ReplayRoute, request: ReplayRequest) {
  if ((route.method ?? 'GET') !== request.method) return false;
  if (typeof route.path === 'string' ? route.path !== request.path : !route.path.test(request.path)) return false;
  return Object.entries(route.query ?? {}).every(([key, value]) => request.query.get(key) === value);
}

export async function startReplayServer(routes: ReplayRoute[]): Promise<ReplayServer> {
  const requests: ReplayRequest[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReplayRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(target.pathname),
        query: target.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        abandoned: false,
      };
      requests.push(request);
      res.on('close', () => {
        if (res.writableFinished) return;
        request.abandoned = true;
        waiters.splice(0).forEach((wake) => wake());
      });
      const route = routes.find((r) => matches(r, request));
      request.route = route;
      if (!route) {
        res.writeHead(599, { 'content-type': 'text/plain' }).end(`no recorded response for ${request.method} ${target.pathname}${target.search}`);
        return;
      }
      if (route.hang) return;
      const body = route.file ? fixture(route.file) : typeof route.body === 'function' ? route.body(request) : (route.body ?? '');
      const type = TYPES[path.extname(route.file ?? '.json')] ?? 'application/octet-stream';
      res.writeHead(route.status ?? 200, { 'content-type': type, ...route.headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    abandoned(count = 1) {
      return new Promise<void>((resolve) => {
        const check = () => (requests.filter((r) => r.abandoned).length >= count ? resolve() : waiters.push(check));
        check();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
