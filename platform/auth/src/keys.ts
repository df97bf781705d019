// Signing keys and the project keys (anon, service_role). In embedded mode they are generated on first start
// and kept in the data directory; AUTH_JWT_KEYS, AUTH_ANON_KEY and AUTH_SERVICE_ROLE_KEY override them (every
// instance of a scaled-out deployment must share them).
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { AuthConfig } from './config';
import { ConfigError } from './config';

export interface AuthKeys {
  kid: string;
  signingKey: CryptoKey;
  /** Public keys by kid, as published at /.well-known/jwks.json. */
  publicJwks: JWK[];
  verifyKeys: Map<string, CryptoKey>;
  anonKey: string;
  serviceRoleKey: string;
}

interface StoredKeys {
  keys: JWK[];
  anon_key: string;
  service_role_key: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

async function generateStoredKeys(issuer: string): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'ES256', use: 'sig' };
  const signing = (await importJWK(jwk, 'ES256')) as CryptoKey;
  return {
    keys: [jwk],
    anon_key: await projectKey('anon', signing, jwk.kid, issuer),
    service_role_key: await projectKey('service_role', signing, jwk.kid, issuer),
  };
}

function projectKey(role: 'anon' | 'service_role', key: CryptoKey, kid: string, issuer: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, iss: issuer, iat: now, exp: now + TEN_YEARS }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);
}

function parseEnvKeys(value: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('AUTH_JWT_KEYS must be a JSON array of JWKs (or one JWK)');
  }
  const keys = (Array.isArray(parsed) ? parsed : [parsed]) as JWK[];
  if (!keys.some((k) => k.d && k.kty === 'EC' && k.crv === 'P-256' && k.kid)) {
    throw new ConfigError('AUTH_JWT_KEYS needs a private ES256 key (EC P-256 with d and kid)');
  }
  return keys;
}

async function readOrCreate(file: string, issuer: string): Promise<StoredKeys> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const stored = await generateStoredKeys(issuer);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // `wx`: if another process created the file meanwhile, keep theirs so everyone signs with one key.
  try {
    await fs.writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredKeys;
  }
}

/** Keys from the environment, else from `<dataDir>/auth-keys.json` (created on first use), else new in memory. */
export async function loadKeys(config: AuthConfig, options: { dataDir?: string } = {}): Promise<AuthKeys> {
  const stored = options.dataDir ? await readOrCreate(path.join(options.dataDir, 'auth-keys.json'), config.issuer) : await generateStoredKeys(config.issuer);
  const jwks = config.AUTH_JWT_KEYS ? parseEnvKeys(config.AUTH_JWT_KEYS) : stored.keys;
  const signer = jwks.find((k) => k.d && k.kty === 'EC' && k.crv === 'P-256' && k.kid)!;
  const signingKey = (await importJWK(signer, 'ES256')) as CryptoKey;
  const verifyKeys = new Map<string, CryptoKey>();
  const publicJwks: JWK[] = [];
  for (const jwk of jwks) {
    if (jwk.kty !== 'EC' || !jwk.kid) continue;
    const { kty, crv, x, y, kid } = jwk;
    const pub = { kty, crv, x, y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
    publicJwks.push(pub);
    verifyKeys.set(kid, (await importJWK(pub, 'ES256')) as CryptoKey);
  }
  const derived = config.AUTH_JWT_KEYS && (!config.AUTH_ANON_KEY || !config.AUTH_SERVICE_ROLE_KEY);
  return {
    kid: signer.kid!,
    signingKey,
    publicJwks,
    verifyKeys,
    anonKey: config.AUTH_ANON_KEY ?? (derived ? await projectKey('anon', signingKey, signer.kid!, config.issuer) : stored.anon_key),
    serviceRoleKey:
      config.AUTH_SERVICE_ROLE_KEY ?? (derived ? await projectKey('service_role', signingKey, signer.kid!, config.issuer) : stored.service_role_key),
  };
}
