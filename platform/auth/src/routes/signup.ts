// POST /signup: email or phone sign-up, and anonymous sign-in when neither is given (docs/protocols/supabase-auth.md
// §3.2–3.3).
import { eq } from '@citewise/db/orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseChannel, parseEmail, parsePhone, parsePkce, requireEmailProvider, requirePhoneProvider } from '../addresses';
import type { AuthContext } from '../context';
import { identities, users, type User } from '../db/schema';
import { checkFrequency, sendToken } from '../delivery';
import { AuthError } from '../errors';
import { limitByIp } from '../limits';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { localeOf, metaSecurity, pkceFields, readBody, redirectParam, requestInfo } from '../request';
import { signIn } from '../sessions';
import { findUserByEmail, findUserByPhone, loadUserJson, markVerified } from '../users';
import { metadataField } from '../metadata';

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadataField,
  channel: z.string().optional(),
  redirect_to: z.string().optional(),
  ...pkceFields,
  ...metaSecurity,
});

export function signupRoutes(ctx: AuthContext) {
  const { config } = ctx;
  return new Hono().post('/signup', async (c) => {
    const input = await readBody(c, body);
    const request = requestInfo(c, config);
    if (!input.email && !input.phone) return c.json(await anonymousSignIn(ctx, input.data ?? {}, request));

    if (config.AUTH_DISABLE_SIGNUP) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    await limitByIp(ctx.limiters.signup, request.ip);
    if (!input.password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    assertAcceptablePassword(config, input.password);
    if (input.email && input.phone) {
      throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
    }
    const pkce = parsePkce(input);
    if (pkce && input.phone) throw new AuthError(400, 'validation_failed', 'PKCE not supported for phone signups');

    const channel = input.email ? 'email' : 'sms';
    let address: string;
    if (input.email) {
      requireEmailProvider(config);
      address = parseEmail(input.email);
    } else {
      requirePhoneProvider(config);
      parseChannel(input.channel);
      address = parsePhone(input.phone!);
    }
    const autoconfirm = channel === 'email' ? config.AUTH_MAILER_AUTOCONFIRM : config.AUTH_SMS_AUTOCONFIRM;
    const existing = channel === 'email' ? await findUserByEmail(ctx.db, address) : await findUserByPhone(ctx.db, address);
    const confirmed = existing && (channel === 'email' ? existing.emailConfirmedAt : existing.phoneConfirmedAt);

    let user: User;
    if (existing) {
      // GoTrue would confirm an invited or admin-created account here without checking its password when
      // autoconfirm is on; we refuse instead, so nobody can take over a pending invitation.
      if (autoconfirm || existing.deletedAt) throw new AuthError(422, 'user_already_exists', 'User already registered');
      if (confirmed) {
        if (channel === 'email') await tellOwner(ctx, c, existing, address);
        return c.json(obfuscatedUser(config.AUTH_JWT_AUD, channel, address, input.data ?? {}));
      }
      user = existing; // unconfirmed: resend the confirmation, change nothing else
    } else {
      const passwordHash = await hashPassword(input.password);
      user = await ctx.db.transaction(async (tx) => {
        const provider = channel === 'email' ? 'email' : 'phone';
        const [created] = await tx
          .insert(users)
          .values({
            aud: config.AUTH_JWT_AUD,
            role: config.AUTH_JWT_DEFAULT_GROUP_NAME,
            email: channel === 'email' ? address : null,
            phone: channel === 'sms' ? address : null,
            encryptedPassword: passwordHash,
            appMetadata: { provider, providers: [provider] },
            userMetadata: input.data ?? {},
          })
          .returning();
        const data = { sub: created!.id, [provider]: address, email_verified: false, phone_verified: false };
        await tx.insert(identities).values({
          userId: created!.id,
          provider,
          providerId: created!.id,
          identityData: data,
          email: channel === 'email' ? address : null,
        });
        return created!;
      });
    }

    if (autoconfirm) {
      const now = new Date();
      const [updated] = await ctx.db
        .update(users)
        .set(channel === 'email' ? { emailConfirmedAt: now } : { phoneConfirmedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      const verified = await markVerified(ctx.db, updated!, channel === 'email' ? 'email_verified' : 'phone_verified');
      return c.json(await signIn(ctx, verified, { method: 'password', request }));
    }

    const sent = await sendToken(ctx, c, {
      user,
      channel,
      address,
      tokenType: 'confirmation',
      messageType: channel === 'email' ? 'signup' : 'sms',
      verifyType: 'signup',
      sentAt: 'confirmationSentAt',
      redirectTo: redirectParam(c, input),
      pkce: pkce && { ...pkce, authenticationMethod: 'email/signup' },
    });
    return c.json(await loadUserJson(ctx.db, sent.user));
  });
}

async function anonymousSignIn(ctx: AuthContext, data: Record<string, unknown>, request: ReturnType<typeof requestInfo>) {
  const { config } = ctx;
  if (!config.AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (config.AUTH_DISABLE_SIGNUP) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  await limitByIp(ctx.limiters.anonymous, request.ip);
  const [user] = await ctx.db
    .insert(users)
    .values({ aud: config.AUTH_JWT_AUD, role: config.AUTH_JWT_DEFAULT_GROUP_NAME, isAnonymous: true, userMetadata: data, appMetadata: {} })
    .returning();
  return signIn(ctx, user!, { method: 'anonymous', request });
}

/**
 * Ours, not GoTrue's (which sends nothing): a sign-up with the address of a confirmed account mails its owner that
 * someone tried, with links to sign in and to reset the password on the site (docs/protocols/supabase-auth.md §3.2).
 * The answer stays the anti-enumeration one. No token is issued, so the mail grants nothing; the per-user frequency
 * of sign-up mails (confirmation_sent_at) applies, and within it a new attempt mails nothing and answers the same.
 */
async function tellOwner(ctx: AuthContext, c: Context, user: User, address: string) {
  try {
    checkFrequency(ctx, user, 'confirmationSentAt', 'email');
  } catch {
    return;
  }
  if (!ctx.messenger.canSend('email')) return;
  const locale = localeOf(c, user.userMetadata);
  // The product's pages (apps/web), in the owner's language: Chinese ones live under /zh.
  const page = (path: string) => `${ctx.config.siteUrl.replace(/\/+$/, '')}${locale === 'zh' ? '/zh' : ''}${path}`;
  await ctx.messenger.send({
    channel: 'email',
    to: address,
    type: 'signup_existing',
    locale,
    token: '',
    link: page('/auth/signin'),
    extraLink: page('/auth/forgot-password'),
  });
  await ctx.db.update(users).set({ confirmationSentAt: new Date() }).where(eq(users.id, user.id));
}

/** The anti-enumeration answer for an address that is already registered and confirmed. */
function obfuscatedUser(aud: string, channel: 'email' | 'sms', address: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  const provider = channel === 'email' ? 'email' : 'phone';
  return {
    id: crypto.randomUUID(),
    aud,
    role: '',
    email: channel === 'email' ? address : '',
    phone: channel === 'sms' ? address : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
