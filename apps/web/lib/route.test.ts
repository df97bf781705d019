import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { signInSchema } from '@/features/auth/schema';
import { AppError, errorCodes, errorStatus } from './errors';
import { route } from './route';
import { genericIssueKeys } from './validation-issues';
import { en, zh } from '@/messages';

function post(body: string, headers: Record<string, string> = {}) {
  return new NextRequest('http://localhost/api/test', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}

describe('route()', () => {
  it('answers the handler’s result as JSON, never cached', async () => {
    const handler = route({ input: z.object({ n: z.number() }) }, ({ input }) => ({ doubled: input.n * 2 }));
    const response = await handler(post('{"n":21}'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ doubled: 42 });
  });

  it('answers validation failures in the stable shape, in the request’s language', async () => {
    const handler = route({ input: signInSchema }, () => ({}));
    const english = await handler(post('{}'));
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'You must provide either an email or phone number and a password',
        issues: [{ path: '', code: 'credentials_required', message: 'You must provide either an email or phone number and a password' }],
      },
    });
    const chinese = await handler(post('{"email":"not-an-email","password":"x"}', { 'x-locale': 'zh' }));
    const body = await chinese.json();
    expect(body.error.message).toBe(zh.errors.validation_failed);
    expect(body.error.issues).toEqual([{ path: 'email', code: 'email_invalid', message: zh.validation.email_invalid }]);
    const missing = await (await handler(post('{"password":"x"}', { 'x-locale': 'zh' }))).json();
    expect(missing.error.message).toBe(zh.validation.credentials_required);
  });

  it('answers issue codes as documented keys, never zod’s English text', async () => {
    const schema = z.object({ title: z.string(), year: z.number().int().min(1000), kind: z.enum(['a', 'b']), nested: z.object({ doi: z.string() }) });
    const handler = route({ input: schema }, () => ({}));
    const response = await handler(post('{"year":5,"kind":"c","nested":{}}', { 'x-locale': 'zh' }));
    const { issues } = (await response.json()).error as { issues: Array<{ path: string; code: string; message: string }> };
    expect(issues.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'title', code: 'required' },
      { path: 'year', code: 'too_small' },
      { path: 'kind', code: 'invalid_value' },
      { path: 'nested.doi', code: 'required' },
    ]);
    expect(issues[0]!.message).toBe(zh.validation.required);
    const wrongType = await handler(post('{"title":7,"year":2000,"kind":"a","nested":{"doi":"x"}}'));
    expect((await wrongType.json()).error.issues).toEqual([{ path: 'title', code: 'invalid_type', message: en.validation.invalid_type }]);
  });

  it('has a text in both languages for every generic issue key', () => {
    for (const key of genericIssueKeys) {
      expect(en.validation).toHaveProperty(key);
      expect(zh.validation).toHaveProperty(key);
    }
  });

  it('reads the language from the locale cookie and Accept-Language too', async () => {
    const handler = route({}, () => {
      throw new AppError('not_found');
    });
    const byCookie = await handler(post('', { cookie: 'NEXT_LOCALE=zh' }));
    expect((await byCookie.json()).error.message).toBe(zh.errors.not_found);
    const byHeader = await handler(post('', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' }));
    expect((await byHeader.json()).error.message).toBe(zh.errors.not_found);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await route({ input: z.object({}) }, () => ({}))(post('{oops'));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('bad_request');
  });

  it('maps an AppError to its status and code', async () => {
    const response = await route({}, () => {
      throw new AppError('invalid_credentials');
    })(post(''));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_credentials', message: en.errors.invalid_credentials, issues: [] } });
  });

  it('hides unexpected failures behind internal_error and logs them', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await route({}, () => {
      throw new Error('connection string postgres://secret@db leaked?');
    })(post(''));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).error.code).toBe('internal_error');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('applies rate limits with the wait in the header and the message', async () => {
    const limit = { name: `route-test-${randomUUID()}`, points: 2, durationSeconds: 60 };
    const handler = route({ rateLimit: [limit] }, () => ({ ok: true }));
    const headers = { 'x-forwarded-for': '198.51.100.1' };
    expect((await handler(post('', headers))).status).toBe(200);
    expect((await handler(post('', headers))).status).toBe(200);
    const refused = await handler(post('', headers));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining(String(wait)) });
    // Another address has its own budget.
    expect((await handler(post('', { 'x-forwarded-for': '198.51.100.2' }))).status).toBe(200);
  });

  it('answers 401 for a protected route without a session', async () => {
    vi.resetModules();
    vi.doMock('@/lib/auth/session', () => ({ currentUser: async () => null }));
    const { route: isolated } = await import('./route');
    const response = await isolated({ auth: 'required' }, () => ({}))(post(''));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
    // The session is checked before the body: a signed-out caller with a bad body learns nothing of the fields.
    const withSchema = await isolated({ auth: 'required', input: signInSchema }, () => ({}))(post('{"email": 42}'));
    expect(withSchema.status).toBe(401);
    expect((await withSchema.json()).error).toMatchObject({ code: 'unauthorized', issues: [] });
    vi.doUnmock('@/lib/auth/session');
  });
});

describe('error codes', () => {
  it('each have a message in both languages', () => {
    for (const code of errorCodes) {
      expect(en.errors, code).toHaveProperty(code);
      expect(zh.errors, code).toHaveProperty(code);
    }
  });

  it('are snake_case with an HTTP status (0 only for the client-side network error)', () => {
    for (const code of errorCodes) {
      expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
      expect(errorStatus[code] === 0 ? code : 'ok').toMatch(/^(ok|network_error)$/);
    }
  });
});
