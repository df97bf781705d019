import { describe, expect, it } from 'vitest';
import type { FilesUsage } from '../types';
import { refusalOf } from './refusal';

const MIB = 1024 * 1024;
const usage: FilesUsage = {
  planId: 'free',
  usedBytes: 190 * MIB,
  quotaBytes: 200 * MIB,
  fileSizeLimit: 50 * MIB,
  allowedMimeTypes: ['application/pdf', 'image/*'],
};

describe('refusing a file before the upload starts', () => {
  it('refuses by name, type, size and quota, in that order', () => {
    expect(refusalOf({ name: 'a/b.pdf', size: 1 }, 'application/pdf', usage)).toBe('name');
    expect(refusalOf({ name: 'a.zip', size: 1 }, 'application/zip', usage)).toBe('type');
    expect(refusalOf({ name: 'a.pdf', size: 51 * MIB }, 'application/pdf', usage)).toBe('tooLarge');
    expect(refusalOf({ name: 'a.pdf', size: 11 * MIB }, 'application/pdf', usage)).toBe('quota');
    expect(refusalOf({ name: 'a.png', size: 10 * MIB }, 'image/png', usage)).toBeNull();
  });

  it('counts uploads already under way, and lets anything through on an unlimited plan', () => {
    expect(refusalOf({ name: 'a.pdf', size: 6 * MIB }, 'application/pdf', usage, 5 * MIB)).toBe('quota');
    expect(refusalOf({ name: 'a.pdf', size: 40 * MIB }, 'application/pdf', { ...usage, quotaBytes: null })).toBeNull();
  });
});
