// @ts-check
import { describe, expect, it } from 'vitest';
import { root } from './build.mjs';
import { databaseTests } from './database-tests.mjs';

describe('databaseTests', () => {
  it('finds the web tests that reach a database through the harness, a mock or a helper, and none that do not', () => {
    const files = databaseTests(root, 'apps/web');
    // Directly through the harness; through `vi.mock(…, () => import('…/proxy-harness'))`; through a helper module.
    expect(files).toContain('apps/web/features/notes/notes-api.test.ts');
    expect(files).toContain('apps/web/features/ai/dify-proxy.test.ts');
    expect(files).toContain('apps/web/features/admin/admin-api.test.ts');
    expect(files).not.toContain('apps/web/lib/safe-redirect.test.ts');
    expect(files).not.toContain('apps/web/messages/messages.test.ts');
  });

  it('finds the package tests that open a test database, and leaves out the pure ones', () => {
    const files = databaseTests(root, 'packages/scholar');
    expect(files.some((file) => file.startsWith('packages/scholar/src/local/'))).toBe(true);
    expect(files).not.toContain('packages/scholar/src/citations/parse.test.ts');
  });
});
