// Serves a fetch handler (a platform service) on a local port, so tests can reach it over HTTP the way the proxy
// reaches a Dify server in DIFY_API_URL. Response bodies are written chunk by chunk as they come.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type ServedFetch = { origin: string; close(): Promise<void> };

export async function serveFetch(handler: (request: Request) => Promise<Response>): Promise<ServedFetch> {
  const server = http.createServer(async (req, res) => {
    const aborter = new AbortController();
    res.on('close', () => aborter.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      signal: aborter.signal,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return res.end();
    const reader = response.body.getReader();
    // A client that goes away cancels the body, as a server closing the connection does.
    res.on('close', () => void reader.cancel().catch(() => {}));
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) res.write(next.value);
      res.end();
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
