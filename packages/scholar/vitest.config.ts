import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scholar',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Never the real network: tests that want an online source point it at a replay server themselves.
    env: { SCHOLAR_SOURCES: 'local' },
  },
});
