// POST /verify (code or token hash → session) and GET /verify (the mailed link → 303 redirect),
// docs/protocols/supabase-auth.md §3.6.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseEmail, parsePhone } from '../addresses';
import type { AuthContext } from '../context';
import { AuthError } from '../errors';
import { limitByIp } from '../limits';
import { readBody, requestInfo } from '../request';
import { resolveRedirect } from '../security/redirect';
import { signIn } from '../sessions';
import { EMAIL_CHANGE_PENDING, VERIFY_TYPES, applyVerification, findToken, isPhoneType, issueAuthCode, type VerifyType } from '../verification';

const body = z.object({
  type: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
});

function parseType(type: string | undefined): VerifyType {
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if (!(VERIFY_TYPES as readonly string[]).includes(type)) throw new AuthError(400, 'validation_failed', `Unsupported verification type: ${type}`);
  return type as VerifyType;
}

export function verifyRoutes(ctx: AuthContext) {
  const { config } = ctx;
  return new Hono()
    .post('/verify', async (c) => {
      await limitByIp(ctx.limiters.verify, requestInfo(c, config).ip);
      const input = await readBody(c, body);
      const type = parseType(input.type);
      if (Boolean(input.token) === Boolean(input.token_hash)) {
        throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
      }
      let found;
      if (input.token_hash) {
        if (input.email || input.phone || input.redirect_to) {
          throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
        }
        found = await findToken(ctx, type, { hash: input.token_hash });
      } else {
        const address = isPhoneType(type) ? parsePhone(requireField(input.phone, 'phone')) : parseEmail(requireField(input.email, 'email'));
        found = await findToken(ctx, type, { address, code: input.token!.trim() });
      }
      const result = await applyVerification(ctx, found.row, found.user);
      if (result.kind === 'email_change_pending') return c.json({ msg: EMAIL_CHANGE_PENDING, code: 200 });
      return c.json(await signIn(ctx, result.user, { method: 'otp', request: requestInfo(c, config) }));
    })
    .get('/verify', async (c) => {
      const token = c.req.query('token');
      const rawType = c.req.query('type');
      if (!token || !rawType) throw new AuthError(400, 'validation_failed', 'Verify requires a token and a type');
      const type = parseType(rawType);
      const redirectTo = resolveRedirect(c.req.query('redirect_to'), { siteUrl: config.siteUrl, allowList: config.AUTH_URI_ALLOW_LIST });
      const pkce = token.startsWith('pkce_');
      try {
        await limitByIp(ctx.limiters.verify, requestInfo(c, config).ip);
        const found = await findToken(ctx, type, { hash: token });
        const result = await applyVerification(ctx, found.row, found.user);
        if (result.kind === 'email_change_pending') {
          return redirect(c, redirectTo, { message: EMAIL_CHANGE_PENDING }, pkce);
        }
        if (pkce) return redirect(c, redirectTo, { code: await issueAuthCode(ctx, result.user.id) }, true, 'query');
        const session = await signIn(ctx, result.user, { method: 'otp', request: requestInfo(c, config) });
        return redirect(
          c,
          redirectTo,
          {
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type,
          },
          false,
        );
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        const oauthError = error.status >= 500 ? 'server_error' : error.code === 'over_request_rate_limit' ? 'temporarily_unavailable' : 'access_denied';
        return redirect(c, redirectTo, { error: oauthError, error_code: error.code, error_description: error.message }, pkce);
      }
    });
}

function requireField(value: string | undefined, name: string) {
  if (!value) throw new AuthError(400, 'validation_failed', `Verify requires ${name === 'phone' ? 'a phone number' : 'an email address'} with a token`);
  return value;
}

/**
 * GoTrue's 303 answers: values in the fragment with an empty `sb` marker; PKCE flows also (or, for the
 * auth code, only) put them in the query string.
 */
function redirect(c: Context, target: string, values: Record<string, string>, pkce: boolean, only?: 'query') {
  const url = new URL(target);
  if (pkce) for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  if (only !== 'query') {
    const fragment = new URLSearchParams({ ...values, sb: '' });
    url.hash = fragment.toString();
  }
  return c.redirect(url.toString(), 303);
}
