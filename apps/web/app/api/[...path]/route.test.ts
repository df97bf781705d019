import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import * as unknownApi from './route';
import { en } from '@/messages';

describe('/api/* with no route', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)('answers %s with a JSON 404 in the stable shape', async (method) => {
    const response = await unknownApi[method](new NextRequest('http://localhost/api/no/such/thing', { method }));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: en.errors.not_found, issues: [] } });
  });
});
