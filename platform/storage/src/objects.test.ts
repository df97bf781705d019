import { describe, expect, it } from 'vitest';
import { objectSafetyHeaders, parseRange, servedType } from './objects';

describe('served content types', () => {
  it('serves what a browser could run as a page as plain text, and everything else as stored', () => {
    for (const type of ['text/html', 'text/html; charset=utf-8', 'image/svg+xml', 'application/xhtml+xml', 'application/xml', 'text/xml', 'text/javascript', 'application/javascript']) {
      expect(servedType(type), type).toBe('text/plain; charset=utf-8');
    }
    for (const type of ['application/pdf', 'image/png', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain']) {
      expect(servedType(type), type).toBe(type);
    }
  });

  it('adds a sandbox and an attachment to runnable types, nosniff to all', () => {
    expect(objectSafetyHeaders('image/svg+xml')).toEqual({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': 'attachment',
    });
    expect(objectSafetyHeaders('application/pdf')).toEqual({ 'x-content-type-options': 'nosniff' });
  });
});

describe('byte ranges', () => {
  it('reads single ranges, suffixes and open ends, clamping past the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('refuses unsatisfiable, reversed, multiple and malformed ranges', () => {
    for (const header of ['bytes=100-', 'bytes=5-1', 'bytes=0-1,3-4', 'bytes=-0', 'items=0-1', 'bytes=-']) expect(parseRange(header, 100), header).toBe('invalid');
    expect(parseRange('bytes=0-0', 0)).toBe('invalid');
  });
});
