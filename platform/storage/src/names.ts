// Bucket names and object keys (docs/protocols/supabase-storage.md §1.6). Keys are ASCII from Supabase's allowed set;
// on top of it this service refuses what only serves path tricks: `.`/`..` segments, empty segments, a leading slash,
// and overlong keys.
import { errors } from './errors';

const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]{1,100}$/;
const KEY_CHARS = /^[\w/!.*'() &$@=;:+,?-]+$/;
/** S3's limit on a key, in bytes (the allowed characters are one byte each). */
export const MAX_KEY_LENGTH = 1024;
/** The dashboards' empty-folder marker: a 0-byte object that skips the type check. */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

export function isValidBucketName(name: string): boolean {
  return BUCKET_NAME.test(name) && name.trim() === name;
}

export function assertBucketName(name: string): void {
  if (!isValidBucketName(name)) throw errors.invalidBucketName();
}

export function isValidKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_LENGTH || !KEY_CHARS.test(key) || key.startsWith('/')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw errors.invalidKey(key);
}
