// POST /token?grant_type=password|refresh_token|pkce|id_token (docs/protocols/supabase-auth.md §3.4).
import { eq } from '@citewise/db/orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseEmail, parsePhone, requireEmailProvider, requirePhoneProvider } from '../addresses';
import type { AuthContext } from '../context';
import { flowStates } from '../db/schema';
import { AuthError, OAuthStyleError } from '../errors';
import { limitByIp } from '../limits';
import { beginPasswordAttempt } from '../password-failures';
import { verifyPassword, weakPasswordNotice } from '../passwords';
import { metaSecurity, readBody, requestInfo } from '../request';
import { verifyPkce } from '../security/pkce';
import { refresh, signIn } from '../sessions';
import { findUserById, isBanned, loadUserWithJson } from '../users';
import { idTokenGrant } from './oauth';

const passwordBody = z.object({ email: z.string().optional(), phone: z.string().optional(), password: z.string().default(''), ...metaSecurity });
const refreshBody = z.object({ refresh_token: z.string().optional() });
const pkceBody = z.object({ auth_code: z.string().optional(), code_verifier: z.string().optional() });

export function tokenRoutes(ctx: AuthContext) {
  return new Hono().post('/token', async (c) => {
    await limitByIp(ctx.limiters.token, requestInfo(c, ctx.config).ip);
    switch (c.req.query('grant_type')) {
      case 'password':
        return c.json(await passwordGrant(ctx, c));
      case 'refresh_token': {
        const input = await readBody(c, refreshBody);
        if (!input.refresh_token) throw new OAuthStyleError('invalid_request', 'refresh_token required');
        return c.json(await refresh(ctx, input.refresh_token));
      }
      case 'pkce':
        return c.json(await pkceGrant(ctx, c));
      case 'id_token':
        return c.json(await idTokenGrant(ctx, c));
      default:
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
  });
}

async function passwordGrant(ctx: AuthContext, c: Context) {
  const { config } = ctx;
  const input = await readBody(c, passwordBody);
  if (input.email && input.phone) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!input.email && !input.phone) throw new AuthError(400, 'validation_failed', 'missing email or phone');
  let email: string | undefined;
  let phone: string | undefined;
  if (input.email) {
    requireEmailProvider(config, 422);
    email = parseEmail(input.email);
  } else {
    requirePhoneProvider(config, 422);
    phone = parsePhone(input.phone!);
  }
  // Counted by the address as typed, before the look-up, so an unknown account counts like a known one.
  const attempt = await beginPasswordAttempt(ctx, email ? `email:${email}` : `phone:${phone}`, requestInfo(c, config).ip);
  // Read with its identities and factors, so that the answer needs no second read after the comparison.
  const found = await loadUserWithJson(ctx.db, email ? { email } : { phone: phone! });
  const user = found?.user;
  // Always compare, so an unknown account takes as long as a wrong password.
  const ok = (await verifyPassword(input.password, user?.encryptedPassword ?? null)) && Boolean(user && !user.deletedAt);
  await attempt.settle(ok);
  if (!user || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  if (input.email && !user.emailConfirmedAt) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (input.phone && !user.phoneConfirmedAt) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
  const weak = weakPasswordNotice(config, input.password);
  return signIn(ctx, user, { method: 'password', request: requestInfo(c, config) }, weak ? { weak_password: weak } : {}, found.json);
}

async function pkceGrant(ctx: AuthContext, c: Context) {
  const input = await readBody(c, pkceBody);
  if (!input.auth_code || !input.code_verifier) {
    throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const [flow] = await ctx.db.select().from(flowStates).where(eq(flowStates.authCode, input.auth_code)).limit(1);
  if (!flow || !flow.userId) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  const issued = flow.authCodeIssuedAt ?? flow.createdAt;
  if (Date.now() - issued.getTime() > ctx.config.AUTH_EXTERNAL_FLOW_STATE_EXPIRY_DURATION * 1000) {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!flow.codeChallenge || !verifyPkce(input.code_verifier, flow.codeChallenge, (flow.codeChallengeMethod ?? 's256') as 's256' | 'plain')) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  // Single use: whoever exchanges first wins; a concurrent second exchange finds nothing to delete.
  const deleted = await ctx.db.delete(flowStates).where(eq(flowStates.id, flow.id)).returning({ id: flowStates.id });
  if (deleted.length === 0) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  const user = await findUserById(ctx.db, flow.userId);
  if (!user || user.deletedAt) throw new AuthError(404, 'user_not_found', 'User not found');
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  const method = flow.providerType === 'email' ? (flow.authenticationMethod === 'recovery' ? 'recovery' : 'otp') : 'oauth';
  const extra = flow.providerAccessToken ? { provider_token: flow.providerAccessToken, provider_refresh_token: flow.providerRefreshToken ?? undefined } : {};
  return signIn(ctx, user, { method, provider: flow.providerType === 'email' ? undefined : flow.providerType, request: requestInfo(c, ctx.config) }, extra);
}
