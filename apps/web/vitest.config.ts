import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': import.meta.dirname,
      // `server-only` throws outside React Server Components; its own server build is empty.
      'server-only': path.join(import.meta.dirname, '..', '..', 'node_modules', 'server-only', 'empty.js'),
    },
  },
  test: {
    name: 'web',
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**'],
    environment: 'node',
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
  },
});
