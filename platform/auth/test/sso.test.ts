// POST /sso (docs/protocols/supabase-auth.md §3.14): no SAML identity provider is registered with this service, so
// every lookup misses as in GoTrue, and supabase-js's signInWithSSO reports it.
import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startAuth, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

const sso = (body: unknown) =>
  h.fetch(`${AUTH}/sso`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', apikey: h.anonKey } });

describe('POST /sso', () => {
  it('surfaces sso_provider_not_found through signInWithSSO, by domain and by provider id', async () => {
    const byDomain = await h.client().auth.signInWithSSO({ domain: 'university.example' });
    expect(byDomain.data).toBeNull();
    expect(byDomain.error).toBeInstanceOf(AuthApiError);
    expect(byDomain.error).toMatchObject({ status: 404, code: 'sso_provider_not_found', message: 'No SSO provider assigned for this domain' });
    const byId = await h.client({ flowType: 'pkce' }).auth.signInWithSSO({ providerId: crypto.randomUUID() });
    expect(byId.error).toMatchObject({ status: 404, code: 'sso_provider_not_found', message: 'No such SSO provider' });
  });

  it('answers in the legacy format without the version header', async () => {
    const response = await sso({ domain: 'university.example' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 404, error_code: 'sso_provider_not_found', msg: 'No SSO provider assigned for this domain' });
  });

  it('needs exactly one of provider_id and domain, and a UUID provider_id', async () => {
    const neither = await sso({ skip_http_redirect: true });
    expect(neither.status).toBe(400);
    expect(await neither.json()).toMatchObject({ error_code: 'validation_failed', msg: 'A provider_id or domain needs to be provided' });
    const both = await sso({ provider_id: crypto.randomUUID(), domain: 'university.example' });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Only one of provider_id or domain supported' });
    const nil = await sso({ provider_id: '00000000-0000-0000-0000-000000000000' });
    expect((await nil.json()).error_code).toBe('validation_failed');
    expect((await (await sso({ provider_id: 'not-a-uuid' })).json()).error_code).toBe('bad_json');
  });
});
