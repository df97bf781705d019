// platform/storage: an embedded service speaking the Supabase Storage HTTP API.
//
//   const storage = await createStorageService({ db, dataDir: '.data', basePath: '/platform', jwtKeys: auth.keys.verifyKeys });
//   storage.fetch(request)  // serves `${basePath}/storage/v1/*`
import os from 'node:os';
import path from 'node:path';
import type { CryptoKey } from 'jose';
import type { Database } from '@citewise/db';
import { inArray } from '@citewise/db/orm';
import { Hono } from 'hono';
import { createStorageApp } from './app';
import { createVerifier, type SessionCheck } from './auth';
import { LocalBlobStore, type BlobStore } from './blobs';
import { ensureBuckets, PRODUCT_BUCKETS, type BucketDefinition } from './buckets';
import { loadStorageConfig, type StorageConfig } from './config';
import { S3BlobStore } from './s3';
import type { StorageContext } from './context';
import { objects } from './db/schema';
import { createUrlSigner, loadSigningSecret } from './signing';

export { migrations } from './db/migrations';
export { loadStorageConfig, StorageConfigError, type StorageConfig } from './config';
export { PRODUCT_BUCKETS, mimeAllowed, type BucketDefinition } from './buckets';
export { isValidKey, MAX_KEY_LENGTH } from './names';
export { LocalBlobStore, type BlobStore } from './blobs';
export { S3BlobStore, type S3Settings } from './s3';
export type { SessionCheck } from './auth';

export interface StorageServiceOptions {
  db: Database;
  /** The auth service's public keys by key id (`AuthKeys.verifyKeys`): access tokens and project keys verify against them. */
  jwtKeys: Map<string, CryptoKey>;
  config?: StorageConfig;
  /** Where the bytes (`<dataDir>/storage`) and the URL-signing secret live; without it both are temporary (tests). */
  dataDir?: string;
  /** Path prefix the service is mounted under, e.g. `/platform`. */
  basePath?: string;
  /** The buckets created at start; the product's by default. */
  buckets?: readonly BucketDefinition[];
  blobs?: BlobStore;
  /** Bytes an owner may keep in all buckets together, or null for none beyond the size limits; see StorageContext.quota. */
  quota?: (ownerId: string) => Promise<number | null>;
  /**
   * Whether a signed-in caller's session may still act (it exists; its user is neither banned nor deleted). Without
   * it, a user's token is trusted until it expires, as the real Storage server trusts it. Set by the host, which
   * shares the database with the auth service and caches the answer for seconds (see auth.ts).
   */
  sessionActive?: SessionCheck;
}

export interface StorageService {
  fetch(request: Request): Promise<Response>;
  config: StorageConfig;
  context: StorageContext;
}

export async function createStorageService(options: StorageServiceOptions): Promise<StorageService> {
  const config = options.config ?? loadStorageConfig();
  let blobs = options.blobs;
  if (!blobs && config.STORAGE_S3_BUCKET) {
    blobs = new S3BlobStore({
      bucket: config.STORAGE_S3_BUCKET,
      region: config.STORAGE_S3_REGION,
      endpoint: config.STORAGE_S3_ENDPOINT,
      accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE ?? Boolean(config.STORAGE_S3_ENDPOINT),
      prefix: config.STORAGE_S3_PREFIX,
    });
  }
  if (!blobs) {
    const root = config.STORAGE_LOCAL_DIR
      ? path.resolve(config.STORAGE_LOCAL_DIR)
      : path.join(options.dataDir ?? os.tmpdir(), options.dataDir ? 'storage' : `citewise-storage-${crypto.randomUUID()}`);
    const local = new LocalBlobStore(root);
    await local.init();
    // In the background: start-up does not wait for a walk over every blob.
    void local
      .sweep(async (versions) => {
        const rows = versions.length ? await options.db.select({ version: objects.version }).from(objects).where(inArray(objects.version, versions)) : [];
        return new Set(rows.map((r) => r.version));
      })
      .then((removed) => removed && console.warn(`[storage] removed ${removed} orphaned blob(s) left by an interrupted write`))
      .catch((error: unknown) => console.error('[storage] sweeping orphaned blobs failed:', error));
    blobs = local;
  }
  const context: StorageContext = {
    config,
    db: options.db,
    blobs,
    signer: createUrlSigner(await loadSigningSecret(config.STORAGE_URL_SIGNING_SECRET, options.dataDir)),
    verify: createVerifier(options.jwtKeys, options.sessionActive),
    quota: options.quota,
  };
  await ensureBuckets(options.db, options.buckets ?? PRODUCT_BUCKETS);
  const root = new Hono().basePath(options.basePath ?? '');
  root.route('/storage/v1', createStorageApp(context));
  return { fetch: async (request) => root.fetch(request), config, context };
}
