import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('writes bytes out with their plural, and larger sizes with the short unit', () => {
    expect([0, 1, 45, 1023].map((n) => formatBytes(n, 'en'))).toEqual(['0 bytes', '1 byte', '45 bytes', '1,023 bytes']);
    expect(formatBytes(45, 'zh')).toBe('45字节');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(200 * 1024 * 1024, 'en')).toBe('200 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'zh')).toBe('1.5 MB');
  });
});
