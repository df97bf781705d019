// The reference of bench/public-pages: a minimal static server answering from memory with bodies it was given
// (and their brotli and gzip versions, made ahead of time), run in its own process like the product's server.
// Usage: node static-server.mjs <pages.json>   (prints its port on stdout)
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

const pages = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const bodies = new Map();
for (const page of pages) {
  const identity = Buffer.from(page.body, 'base64');
  bodies.set(page.url, {
    type: page.type,
    identity,
    br: zlib.brotliCompressSync(identity),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  });
}

const server = http.createServer((request, response) => {
  const page = bodies.get(request.url ?? '');
  if (!page) {
    response.writeHead(404).end();
    return;
  }
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : 'identity';
  const body = page[encoding];
  response.writeHead(200, {
    'Content-Type': page.type,
    'Content-Length': body.length,
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
  });
  response.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
