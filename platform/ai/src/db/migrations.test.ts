// The migrations embedded in the code must be exactly the reviewed SQL files drizzle-kit wrote.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { embed } from '../../../../packages/db/scripts/embed.mjs';

describe('ai migrations', () => {
  it('are in sync with drizzle/', () => {
    const here = import.meta.dirname;
    const expected = (embed as (dir: string, owner: string) => string)(path.join(here, '../../drizzle'), 'ai');
    expect(fs.readFileSync(path.join(here, 'migrations.ts'), 'utf8')).toBe(expected);
  });
});
