import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'scholar', include: ['src/**/*.test.ts'], environment: 'node', pool: 'forks', testTimeout: 60_000, hookTimeout: 120_000 },
});
