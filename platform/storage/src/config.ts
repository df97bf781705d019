// The storage service's settings, read once from the environment. Every variable is in the README.
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .transform((v) => v ?? fallback);

const schema = z.object({
  /** Largest object in bytes, whatever a bucket allows (Supabase's UPLOAD_FILE_SIZE_LIMIT_STANDARD). */
  STORAGE_FILE_SIZE_LIMIT: int(50 * 1024 * 1024, 1, 5 * 1024 ** 3),
  /** Where the bytes live on disk; `<DATA_DIR>/storage` by default. */
  STORAGE_LOCAL_DIR: optionalString,
  /** Secret that signs signed URLs (HS256); generated into `<DATA_DIR>/storage-keys.json` when unset. */
  STORAGE_URL_SIGNING_SECRET: optionalString.refine((v) => !v || v.length >= 32, 'must be at least 32 characters'),
  /** An S3-compatible bucket for the bytes; unset keeps them on local disk. */
  STORAGE_S3_BUCKET: optionalString,
  STORAGE_S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  /** The endpoint of a non-AWS store (MinIO, R2), e.g. http://localhost:9000. */
  STORAGE_S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORAGE_S3_ACCESS_KEY_ID: optionalString,
  STORAGE_S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style URLs (`endpoint/bucket/key`); on by default when an endpoint is set, as MinIO needs. */
  STORAGE_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v ? v === 'true' : undefined)),
  /** A key prefix inside the bucket, e.g. `citewise/`. */
  STORAGE_S3_PREFIX: optionalString.transform((v) => v ?? ''),
  /** Lifetime of a signed upload URL, in seconds. */
  STORAGE_SIGNED_UPLOAD_EXPIRY: int(7200, 60, 7 * 24 * 3600),
});

export type StorageEnv = z.infer<typeof schema>;
export interface StorageConfig extends StorageEnv {
  env: Record<string, string | undefined>;
}

export class StorageConfigError extends Error {
  override name = 'StorageConfigError';
}

export function loadStorageConfig(env: Record<string, string | undefined> = process.env): StorageConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new StorageConfigError(`Invalid storage configuration: ${details}`);
  }
  return { ...parsed.data, env };
}
