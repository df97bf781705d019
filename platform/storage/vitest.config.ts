import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'storage', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node', pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000 },
});
