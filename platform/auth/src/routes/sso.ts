// POST /sso – SAML single sign-on started by provider id or email domain (docs/protocols/supabase-auth.md §3.14).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthContext } from '../context';
import { AuthError } from '../errors';
import { limitByIp } from '../limits';
import { metaSecurity, pkceFields, readBody, requestInfo } from '../request';

const ssoBody = z.object({
  provider_id: z.string().optional(),
  domain: z.string().optional(),
  redirect_to: z.string().optional(),
  skip_http_redirect: z.boolean().optional(),
  ...pkceFields,
  ...metaSecurity,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export function ssoRoutes(ctx: AuthContext) {
  return new Hono().post('/sso', async (c) => {
    await limitByIp(ctx.limiters.sso, requestInfo(c, ctx.config).ip);
    const input = await readBody(c, ssoBody);
    // GoTrue decodes provider_id into a UUID, so anything else fails as unparsable JSON, and the nil UUID
    // counts as absent.
    if (input.provider_id !== undefined && !UUID.test(input.provider_id)) {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: invalid UUID in provider_id');
    }
    const hasProvider = input.provider_id !== undefined && input.provider_id !== NIL_UUID;
    const hasDomain = Boolean(input.domain);
    if (hasProvider && hasDomain) throw new AuthError(400, 'validation_failed', 'Only one of provider_id or domain supported');
    if (!hasProvider && !hasDomain) throw new AuthError(400, 'validation_failed', 'A provider_id or domain needs to be provided');
    // This service registers no SAML identity providers (it has no admin SSO API), so every lookup misses,
    // exactly as GoTrue answers when none is configured.
    if (hasProvider) throw new AuthError(404, 'sso_provider_not_found', 'No such SSO provider');
    throw new AuthError(404, 'sso_provider_not_found', 'No SSO provider assigned for this domain');
  });
}
