import { defineConfig } from 'vitest/config';

// One run over every workspace that has tests; each keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['apps/*', 'packages/*', 'platform/*', 'scripts'],
  },
});
