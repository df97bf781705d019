import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { parseWithoutCompiling } from './zod-browser';

describe('zod in the browser', () => {
  it('is told to parse without compiling through the global zod itself reads', () => {
    const before = config().jitless;
    expect(before).not.toBe(true);
    try {
      parseWithoutCompiling();
      expect(config().jitless).toBe(true);
    } finally {
      config({ jitless: before });
    }
  });
});
