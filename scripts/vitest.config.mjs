// @ts-check
import { defineConfig } from 'vitest/config';

// The start and build scripts' own tests (they run outside any workspace).
export default defineConfig({
  test: { name: 'scripts', include: ['**/*.test.mjs'], environment: 'node', testTimeout: 60_000 },
});
