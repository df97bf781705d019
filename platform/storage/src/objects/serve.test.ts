import { describe, expect, it } from 'vitest';
import { parseRange } from './serve';

describe('byte ranges', () => {
  it('reads single ranges, suffixes and open ends, clamping past the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('refuses unsatisfiable, reversed, multiple and malformed ranges', () => {
    for (const header of ['bytes=100-', 'bytes=5-1', 'bytes=0-1,3-4', 'bytes=-0', 'items=0-1', 'bytes=-'])
      expect(parseRange(header, 100), header).toBe('invalid');
    expect(parseRange('bytes=0-0', 0)).toBe('invalid');
  });
});
