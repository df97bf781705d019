import { describe, expect, it } from 'vitest';
import { isValidBucketName, isValidKey, MAX_KEY_LENGTH } from './names';

describe('object keys', () => {
  it('accepts the ASCII keys the product writes', () => {
    for (const key of ['u1/papers/attention.pdf', 'a b/(1).pdf', "x/y/z!*'&$@=;:+,?-_.txt", 'a'.repeat(MAX_KEY_LENGTH)])
      expect(isValidKey(key), key).toBe(true);
  });

  it('refuses traversal, absolute paths, empty segments, NUL, non-ASCII and overlong keys', () => {
    for (const key of [
      '',
      '..',
      'u1/../u2/x',
      'u1/./x',
      '/etc/passwd',
      'u1//x',
      'u1/x/',
      'u1/a\0b',
      'u1/論文.pdf',
      'u1/a\\b',
      'a'.repeat(MAX_KEY_LENGTH + 1),
    ]) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe('bucket names', () => {
  it('follows Supabase: no slash, no surrounding spaces, at most 100 characters', () => {
    expect(isValidBucketName('files')).toBe(true);
    expect(isValidBucketName('a/b')).toBe(false);
    expect(isValidBucketName(' files')).toBe(false);
    expect(isValidBucketName('x'.repeat(101))).toBe(false);
  });
});
