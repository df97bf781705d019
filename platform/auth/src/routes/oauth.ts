// Sign-in with OAuth/OIDC providers: /authorize → provider → /callback, the id_token grant, and manual
// identity linking (docs/protocols/supabase-auth.md §3.4, §3.12, §3.13).
import { and, count, eq } from '@citewise/db/orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parsePkce } from '../addresses';
import type { AuthContext } from '../context';
import { flowStates, identities, users, type User } from '../db/schema';
import { AuthError, OAuthStyleError } from '../errors';
import { readBody, requestInfo } from '../request';
import { OAuthError, type OAuthProfile } from '../oauth';
import { resolveRedirect } from '../security/redirect';
import { signIn } from '../sessions';
import { authenticate } from '../tokens';
import { findIdentity, findUserByEmail, findUserById, isBanned, upsertIdentity, withProvider } from '../users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idTokenBody = z.object({
  provider: z.string().optional(),
  id_token: z.string().optional(),
  access_token: z.string().optional(),
  nonce: z.string().optional(),
  client_id: z.string().optional(),
  issuer: z.string().optional(),
  link_identity: z.boolean().optional(),
});

export function oauthRoutes(ctx: AuthContext) {
  const { config } = ctx;
  const callbackUrl = `${config.externalUrl}/callback`;

  function providerOrThrow(id: string | undefined) {
    const provider = id ? ctx.oauth.get(id) : undefined;
    if (!provider) throw new AuthError(400, 'validation_failed', `Unsupported provider: provider is not enabled`);
    return provider;
  }

  async function startFlow(c: Context, linkingUserId: string | null) {
    const provider = providerOrThrow(c.req.query('provider'));
    const pkce = parsePkce({ code_challenge: c.req.query('code_challenge'), code_challenge_method: c.req.query('code_challenge_method') });
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), { siteUrl: config.siteUrl, allowList: config.AUTH_URI_ALLOW_LIST });
    const [flow] = await ctx.db
      .insert(flowStates)
      .values({
        authCode: crypto.randomUUID(),
        codeChallenge: pkce?.challenge ?? null,
        codeChallengeMethod: pkce?.method ?? null,
        providerType: provider.id,
        authenticationMethod: linkingUserId ? 'oauth/link' : 'oauth',
        redirectTo,
        linkingUserId,
      })
      .returning();
    return provider.authorizationUrl({ state: flow!.id, redirectUri: callbackUrl, scopes: c.req.query('scopes') || undefined });
  }

  const callback = async (c: Context) => {
    const params = c.req.method === 'POST' ? Object.fromEntries(new URLSearchParams(await c.req.text())) : c.req.query();
    const state = params.state;
    if (!state) throw new AuthError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
    const [flow] = UUID.test(state) ? await ctx.db.select().from(flowStates).where(eq(flowStates.id, state)).limit(1) : [];
    if (!flow) throw new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state');
    if (flow.userId) throw new AuthError(400, 'flow_state_already_used', 'OAuth state has already been used');
    const target = flow.redirectTo ?? config.siteUrl;
    const pkce = Boolean(flow.codeChallenge);
    try {
      if (Date.now() - flow.createdAt.getTime() > config.AUTH_EXTERNAL_FLOW_STATE_EXPIRY_DURATION * 1000) {
        throw new AuthError(422, 'flow_state_expired', 'OAuth flow has expired, please sign in again');
      }
      if (params.error) throw new AuthError(400, 'bad_oauth_callback', params.error_description || params.error);
      if (!params.code) throw new AuthError(400, 'bad_oauth_callback', 'OAuth callback without a code');
      const provider = providerOrThrow(flow.providerType);
      const tokens = await provider.exchangeCode({ code: params.code, redirectUri: callbackUrl });
      const profile = await provider.fetchProfile(tokens);
      const user = await userForProfile(ctx, provider.id, profile, flow.linkingUserId);
      if (pkce) {
        await ctx.db
          .update(flowStates)
          .set({ userId: user.id, providerAccessToken: tokens.accessToken, providerRefreshToken: tokens.refreshToken, authCodeIssuedAt: new Date() })
          .where(eq(flowStates.id, flow.id));
        const url = new URL(target);
        url.searchParams.set('code', flow.authCode);
        return c.redirect(url.toString(), 302);
      }
      await ctx.db.delete(flowStates).where(eq(flowStates.id, flow.id));
      const session = await signIn(ctx, user, { method: 'oauth', provider: provider.id, request: requestInfo(c, config) });
      const url = new URL(target);
      url.hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        provider_token: tokens.accessToken,
        ...(tokens.refreshToken ? { provider_refresh_token: tokens.refreshToken } : {}),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
      }).toString();
      return c.redirect(url.toString(), 302);
    } catch (error) {
      await ctx.db.delete(flowStates).where(eq(flowStates.id, flow.id));
      const known = error instanceof AuthError ? error : error instanceof OAuthError ? new AuthError(400, 'bad_oauth_callback', error.message) : null;
      if (!known) console.error('[auth] OAuth callback failed:', error);
      const code = known?.code ?? 'unexpected_failure';
      const denied = ['signup_disabled', 'user_banned', 'identity_already_exists'].includes(code);
      const values = {
        error: denied ? 'access_denied' : known && known.status < 500 ? 'invalid_request' : 'server_error',
        error_code: code,
        error_description: known?.message ?? 'Unable to sign in with this provider',
      };
      const url = new URL(target);
      for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
      url.hash = new URLSearchParams({ ...values, sb: '' }).toString();
      return c.redirect(url.toString(), 302);
    }
  };

  const manualLinking = () => {
    if (!config.AUTH_SECURITY_MANUAL_LINKING_ENABLED) throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  };

  return new Hono()
    .get('/authorize', async (c) => c.redirect((await startFlow(c, null)).toString(), 302))
    .get('/callback', callback)
    .post('/callback', callback)
    .get('/user/identities/authorize', async (c) => {
      manualLinking();
      const { user } = await authenticate(ctx, c.req.header('authorization'));
      const url = (await startFlow(c, user.id)).toString();
      return c.req.query('skip_http_redirect') === 'true' ? c.json({ url }) : c.redirect(url, 302);
    })
    .delete('/user/identities/:identityId', async (c) => {
      manualLinking();
      const { user } = await authenticate(ctx, c.req.header('authorization'));
      const id = c.req.param('identityId');
      if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID');
      const [identity] = await ctx.db
        .select()
        .from(identities)
        .where(and(eq(identities.id, id), eq(identities.userId, user.id)))
        .limit(1);
      if (!identity) throw new AuthError(422, 'identity_not_found', "Identity doesn't exist");
      const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(identities).where(eq(identities.userId, user.id));
      if (Number(total) <= 1) throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      await ctx.db.transaction(async (tx) => {
        await tx.delete(identities).where(eq(identities.id, identity.id));
        const providers = ((user.appMetadata.providers as string[] | undefined) ?? []).filter((p) => p !== identity.provider);
        const patch: Partial<User> = { appMetadata: { ...user.appMetadata, provider: providers[0], providers }, updatedAt: new Date() };
        if (identity.provider === 'phone') Object.assign(patch, { phone: null, phoneConfirmedAt: null });
        if (identity.email && identity.email === user.email) {
          const [other] = await tx.select().from(identities).where(eq(identities.userId, user.id));
          Object.assign(patch, { email: other?.email ?? null });
        }
        await tx.update(users).set(patch).where(eq(users.id, user.id));
      });
      return c.json({});
    });
}

/** The id_token grant: a native client hands us an ID token from an OIDC provider it signed in with. */
export async function idTokenGrant(ctx: AuthContext, c: Context) {
  const input = await readBody(c, idTokenBody);
  if (!input.id_token) throw new OAuthStyleError('invalid request', 'id_token required');
  const provider = input.provider ? ctx.oauth.get(input.provider) : undefined;
  if (!provider || !provider.verifyIdToken) {
    throw new AuthError(400, 'provider_disabled', `Provider (issuer "${input.issuer ?? input.provider ?? ''}") is not enabled`);
  }
  let profile: OAuthProfile;
  try {
    profile = await provider.verifyIdToken(input.id_token, { nonce: input.nonce });
  } catch {
    throw new OAuthStyleError('invalid request', 'Bad ID token');
  }
  let linkTo: string | null = null;
  if (input.link_identity) linkTo = (await authenticate(ctx, c.req.header('authorization'))).user.id;
  const user = await userForProfile(ctx, provider.id, profile, linkTo);
  return signIn(ctx, user, { method: 'oauth', provider: provider.id, request: requestInfo(c, ctx.config) });
}

/** The user a provider identity belongs to: linked before, the account being linked, a verified email match, or new. */
async function userForProfile(ctx: AuthContext, provider: string, profile: OAuthProfile, linkingUserId: string | null): Promise<User> {
  const email = profile.email?.toLowerCase() ?? null;
  const data = { ...profile.claims, sub: profile.subject, email: email ?? undefined, email_verified: profile.emailVerified };
  const existing = await findIdentity(ctx.db, provider, profile.subject);
  let user: User | undefined;
  if (existing) {
    if (linkingUserId && existing.userId !== linkingUserId) throw new AuthError(422, 'identity_already_exists', 'Identity is already linked to another user');
    user = await findUserById(ctx.db, existing.userId);
  } else if (linkingUserId) {
    user = await findUserById(ctx.db, linkingUserId);
  } else if (email && profile.emailVerified) {
    user = await findUserByEmail(ctx.db, email);
  }
  if (user && isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  if (user && user.deletedAt) user = undefined;
  if (!user) {
    if (ctx.config.AUTH_DISABLE_SIGNUP) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    if (email && (await findUserByEmail(ctx.db, email))) {
      // An account with this address exists but the provider did not vouch for the address: do not merge.
      throw new AuthError(422, 'identity_already_exists', 'A user with this email address already exists; sign in and link this provider instead');
    }
    const [created] = await ctx.db
      .insert(users)
      .values({
        aud: ctx.config.AUTH_JWT_AUD,
        role: ctx.config.AUTH_JWT_DEFAULT_GROUP_NAME,
        email,
        emailConfirmedAt: email && profile.emailVerified ? new Date() : null,
        appMetadata: { provider, providers: [provider] },
        userMetadata: data,
      })
      .returning();
    user = created!;
  } else {
    const [updated] = await ctx.db
      .update(users)
      .set({
        appMetadata: withProvider(user.appMetadata, provider),
        emailConfirmedAt: user.emailConfirmedAt ?? (email === user.email && profile.emailVerified ? new Date() : null),
        isAnonymous: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    user = updated!;
  }
  await upsertIdentity(ctx.db, { userId: user.id, provider, providerId: profile.subject, data, email });
  return user;
}
