import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { migrations as scholarMigrations } from '@citewise/scholar/migrations';
import { migrations as appMigrations } from '@/lib/db/migrations';
import { testPapers } from './test-papers';

// POST /api/scholar/complete with the sources a test run has (the local corpus alone): input is validated, and a
// record is never changed when no online source could have the same work. The filling itself is tested in
// packages/scholar against a replay server.
let handle: DatabaseHandle;
vi.mock('@/lib/db/database', () => ({ appDatabase: async () => handle }));
const { POST: complete } = await import('@/app/api/scholar/complete/route');

const request = (body: unknown) =>
  new NextRequest('http://localhost/api/scholar/complete', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  handle = await createTestDatabase([scholarMigrations, appMigrations]);
}, 60_000);
afterAll(() => handle?.close());

describe('POST /api/scholar/complete', () => {
  it('answers the stable error shape for a missing or malformed paper', async () => {
    const response = await complete(request({ paper: { id: 'x' } }));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.issues.length).toBeGreaterThan(0);
  });

  it('returns an incomplete record unchanged, with nothing filled, when only the local corpus is switched on', async () => {
    const bare = { ...testPapers[2]!, authors: [], issued: null, container: null };
    const response = await complete(request({ paper: bare }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paper: bare, filled: {} });
  });
});
