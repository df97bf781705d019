import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { testPapers } from '@/test/fixtures/papers';
import { setUpWebApi } from '@/test/web-api';

// POST /api/scholar/complete with the sources a test run has (the local corpus alone): input is validated, and a
// record is never changed when no online source could have the same work. The filling itself is tested in
// packages/scholar against a replay server.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
setUpWebApi();
const { POST: complete } = await import('@/app/api/scholar/complete/route');

const request = (body: unknown) =>
  new NextRequest('http://localhost/api/scholar/complete', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

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
