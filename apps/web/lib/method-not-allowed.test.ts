import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { API_METHODS, allowHeader, otherMethods } from './method-not-allowed';
import * as health from '@/app/api/health/route';
import * as notes from '@/app/api/notes/route';
import { en, zh } from '@/messages';

const apiDir = join(import.meta.dirname, '..', 'app', 'api');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : entry.name === 'route.ts' ? [join(dir, entry.name)] : [],
  );
}

describe('otherMethods()', () => {
  it('answers an unsupported method with 405 in the error shape, in the request’s language, with Allow', async () => {
    const response = notes.PUT(new NextRequest('http://localhost/api/notes', { method: 'PUT', body: '{}' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: en.errors.method_not_allowed, issues: [] } });
    const chinese = health.DELETE(new NextRequest('http://localhost/api/health', { method: 'DELETE', headers: { 'x-locale': 'zh' } }));
    expect(chinese.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await chinese.json()).error.message).toBe(zh.errors.method_not_allowed);
  });

  it('refuses only the methods not implemented', () => {
    const refusals = otherMethods({ PATCH: () => null, DELETE: () => null });
    expect(Object.keys(refusals).sort()).toEqual(['GET', 'POST', 'PUT']);
    expect(allowHeader(['PATCH', 'DELETE'])).toBe('DELETE, OPTIONS, PATCH');
  });

  // Next answers an empty 405 for a method a route file does not export; every API route must export all of them.
  it('is used by every API route, so none answers Next’s empty 405', () => {
    const missing: string[] = [];
    for (const file of routeFiles(apiDir)) {
      const source = readFileSync(file, 'utf8');
      const exported = new Set<string>();
      for (const match of source.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)) exported.add(match[1]!);
      for (const match of source.matchAll(/^export (?:const )?\{([^}]*)\}/gm)) {
        for (const name of match[1]!.split(','))
          exported.add(
            name
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          );
      }
      for (const method of API_METHODS) if (!exported.has(method)) missing.push(`${relative(apiDir, file)} ${method}`);
    }
    expect(missing).toEqual([]);
  });
});
