// User and app metadata: free JSON objects, capped in size. The metadata travels inside every access token
// (user_metadata claim) and session cookie, so an unbounded object would make each request of that user carry
// it: 900 KB of metadata made a 1.2 MB token. 16 KB as JSON is far beyond what profiles use.
import { z } from 'zod';
import { badRequest } from './errors';

export const MAX_METADATA_BYTES = 16 * 1024;

const tooLarge = () => badRequest(`Metadata must be at most ${MAX_METADATA_BYTES / 1024} KB as JSON`);

function withinCap(value: Record<string, unknown>): boolean {
  return Buffer.byteLength(JSON.stringify(value)) <= MAX_METADATA_BYTES;
}

/** A metadata object in a request body (`data`, `user_metadata`, `app_metadata`). */
export const metadataField = z
  .record(z.string(), z.unknown())
  .nullish()
  .refine((value) => value == null || withinCap(value), { message: `must be at most ${MAX_METADATA_BYTES / 1024} KB as JSON` });

/** `patch` applied to `current` (a null value removes its key); refused when the result passes the cap. */
export function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown> | undefined | null) {
  if (!patch) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (!withinCap(next)) throw tooLarge();
  return next;
}
