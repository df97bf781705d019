// The storage service alone behind a Node HTTP server, for run.ts to measure from another process (so the memory it
// samples is the server's). Prints `{ port, token }` as one JSON line once listening.
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey } from 'jose';
import { migrate, openDatabase } from '@citewise/db';
import { createStorageService, loadStorageConfig, migrations } from '@citewise/platform-storage';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: server.ts <data-dir>');
const handle = await openDatabase({ url: process.env.DATABASE_URL });
await migrate(handle, [migrations]);
const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
const kid = 'bench';
const token = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'ES256', kid }).setExpirationTime('1h').sign(privateKey);
const verifyKey = (await importJWK({ ...(await exportJWK(publicKey)), kid }, 'ES256')) as CryptoKey;
const storage = await createStorageService({
  db: handle.db,
  jwtKeys: new Map([[kid, verifyKey]]),
  dataDir,
  basePath: '/platform',
  config: loadStorageConfig({ STORAGE_FILE_SIZE_LIMIT: String(200 * 1024 * 1024) }),
});
await handle.db.execute((await import('@citewise/db/orm')).sql`insert into storage.buckets (id, name) values ('bench', 'bench') on conflict do nothing`);

const server = http.createServer(async (req, res) => {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://localhost${req.url}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
  const response = await storage.fetch(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
  else res.end();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(JSON.stringify({ port: address.port, token }));
});
