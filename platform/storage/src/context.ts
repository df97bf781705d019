import type { Database } from '@citewise/db';
import type { Caller } from './auth';
import type { BlobStore } from './blobs';
import type { StorageConfig } from './config';
import type { UrlSigner } from './signing';

/** Everything a handler needs, built once by `createStorageService`. */
export interface StorageContext {
  config: StorageConfig;
  db: Database;
  blobs: BlobStore;
  signer: UrlSigner;
  /**
   * Bytes an owner may keep in all buckets together, or null for no quota beyond the size limits. Set by the host
   * (the product knows plans; this service does not). See quota.ts.
   */
  quota?: (ownerId: string) => Promise<number | null>;
  /** Verifies an access token (throws AccessDenied). */
  verify: (token: string) => Promise<Caller>;
}
