// Signed URL tokens: HS256 JWTs `{ url: "<bucket>/<key>", scope, exp }` (plus `owner`, `upsert` for uploads), as the
// real server mints them, under a secret of this service (never the auth keys: a URL token is not a session).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { errors } from './errors';

export interface UrlSigner {
  sign(claims: { url: string; scope: 'download' | 'upload'; owner?: string | null; upsert?: boolean }, expiresIn: number): Promise<string>;
  /** The claims of a valid token for `url` and `scope`; throws InvalidJWT / InvalidSignature otherwise. */
  verify(token: string, url: string, scope: 'download' | 'upload'): Promise<JWTPayload & { owner?: string | null; upsert?: boolean }>;
}

export function createUrlSigner(secret: string): UrlSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, expiresIn) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresIn)
        .sign(key);
    },
    async verify(token, url, scope) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (error) {
        throw errors.invalidJwt(error instanceof Error ? error.message : 'invalid token');
      }
      // Tokens without a scope are the older download tokens (and upload tokens carrying `upsert`).
      const tokenScope = payload.scope ?? ('upsert' in payload ? 'upload' : 'download');
      if (tokenScope !== scope) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
      if (payload.url !== url) throw errors.invalidSignature();
      return payload as JWTPayload & { owner?: string | null; upsert?: boolean };
    },
  };
}

/** STORAGE_URL_SIGNING_SECRET, else a secret kept in `<dataDir>/storage-keys.json` (created on first use), else in memory. */
export async function loadSigningSecret(configured: string | undefined, dataDir?: string): Promise<string> {
  if (configured) return configured;
  const fresh = () => randomBytes(32).toString('base64url');
  if (!dataDir) return fresh();
  const file = path.join(dataDir, 'storage-keys.json');
  try {
    return (JSON.parse(await fs.readFile(file, 'utf8')) as { url_signing_secret: string }).url_signing_secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // `wx`: a concurrent first start keeps the file the other process wrote, so both sign with one secret.
    await fs.writeFile(file, JSON.stringify({ url_signing_secret: fresh() }, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (JSON.parse(await fs.readFile(file, 'utf8')) as { url_signing_secret: string }).url_signing_secret;
}
