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
  /** Verifies an access token (throws AccessDenied). */
  verify: (token: string) => Promise<Caller>;
}
