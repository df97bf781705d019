// Mail- and SMS-sending endpoints: /otp, /magiclink, /recover, /resend, /reauthenticate
// (docs/protocols/supabase-auth.md §3.5, §3.7–3.9).
import { eq, or } from '@citewise/db/orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseChannel, parseEmail, parsePhone, parsePkce, requireEmailProvider, requirePhoneProvider } from '../addresses';
import type { AuthContext } from '../context';
import { identities, users, type User } from '../db/schema';
import { sendToken } from '../delivery';
import { sendEmailChange } from '../email-change';
import { AuthError } from '../errors';
import { limitByIp } from '../limits';
import { metaSecurity, pkceFields, readBody, redirectParam, requestInfo } from '../request';
import { authenticate } from '../tokens';
import { findUserByEmail, findUserByPhone, markVerified } from '../users';
import { metadataField } from '../metadata';

const otpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  data: metadataField,
  create_user: z.boolean().default(true),
  channel: z.string().optional(),
  redirect_to: z.string().optional(),
  ...pkceFields,
  ...metaSecurity,
});
const recoverBody = z.object({ email: z.string().optional(), redirect_to: z.string().optional(), ...pkceFields, ...metaSecurity });
const resendBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
  ...pkceFields,
  ...metaSecurity,
});

/** The sign-up confirmation mail, sent when an unconfirmed address asks for a code or a link, or for the mail again. */
function sendSignupConfirmation(ctx: AuthContext, c: Context, user: User, email: string, redirectTo: string | undefined, pkce: ReturnType<typeof parsePkce>) {
  return sendToken(ctx, c, {
    user,
    channel: 'email',
    address: email,
    tokenType: 'confirmation',
    messageType: 'signup',
    verifyType: 'signup',
    sentAt: 'confirmationSentAt',
    redirectTo,
    pkce: pkce && { ...pkce, authenticationMethod: 'email/signup' },
  });
}

export function otpRoutes(ctx: AuthContext) {
  const { config } = ctx;
  const otp = async (c: Context, emailOnly: boolean) => {
    await limitByIp(ctx.limiters.otp, requestInfo(c, config).ip);
    const input = await readBody(c, otpBody);
    if (input.email && input.phone) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
    if (!input.email && !input.phone) throw new AuthError(400, 'validation_failed', 'An email address or phone number is required');
    if (emailOnly && !input.email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    const pkce = parsePkce(input);
    if (input.email) {
      if (input.channel) throw new AuthError(400, 'validation_failed', 'Channel is only supported with a phone number');
      requireEmailProvider(config, 422);
      const email = parseEmail(input.email);
      const user = await findOrCreate(ctx, 'email', email, input.create_user, input.data ?? {});
      const redirectTo = redirectParam(c, input);
      if (!user.emailConfirmedAt && !config.AUTH_MAILER_AUTOCONFIRM) {
        await sendSignupConfirmation(ctx, c, user, email, redirectTo, pkce);
        return c.json({});
      }
      const confirmed = user.emailConfirmedAt ? user : await confirmEmail(ctx, user);
      await sendToken(ctx, c, {
        user: confirmed,
        channel: 'email',
        address: email,
        tokenType: 'recovery',
        messageType: 'magiclink',
        verifyType: 'magiclink',
        sentAt: 'recoverySentAt',
        redirectTo,
        pkce: pkce && { ...pkce, authenticationMethod: 'magiclink' },
      });
      return c.json({});
    }
    requirePhoneProvider(config);
    parseChannel(input.channel);
    if (pkce) throw new AuthError(400, 'validation_failed', 'PKCE not supported for phone sign-ins');
    const phone = parsePhone(input.phone!);
    const user = await findOrCreate(ctx, 'phone', phone, input.create_user, input.data ?? {});
    const sent = await sendToken(ctx, c, {
      user,
      channel: 'sms',
      address: phone,
      tokenType: 'confirmation',
      messageType: 'sms',
      verifyType: 'sms',
      sentAt: 'confirmationSentAt',
    });
    return c.json(sent.messageId ? { message_id: sent.messageId } : {});
  };

  return new Hono()
    .post('/otp', (c) => otp(c, false))
    .post('/magiclink', (c) => otp(c, true))
    .post('/recover', async (c) => {
      await limitByIp(ctx.limiters.recover, requestInfo(c, config).ip);
      const input = await readBody(c, recoverBody);
      requireEmailProvider(config);
      if (!input.email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
      const email = parseEmail(input.email);
      const pkce = parsePkce(input);
      const user = await findUserByEmail(ctx.db, email);
      if (!user || user.deletedAt) return c.json({}); // anti-enumeration: same answer, nothing sent
      await sendToken(ctx, c, {
        user,
        channel: 'email',
        address: email,
        tokenType: 'recovery',
        messageType: 'recovery',
        verifyType: 'recovery',
        sentAt: 'recoverySentAt',
        redirectTo: redirectParam(c, input),
        pkce: pkce && { ...pkce, authenticationMethod: 'recovery' },
      });
      return c.json({});
    })
    .post('/resend', async (c) => {
      await limitByIp(ctx.limiters.resend, requestInfo(c, config).ip);
      const input = await readBody(c, resendBody);
      const type = input.type;
      if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
        throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
      }
      const byEmail = type === 'signup' || type === 'email_change';
      if ((byEmail && (!input.email || input.phone)) || (!byEmail && (!input.phone || input.email))) {
        throw new AuthError(400, 'validation_failed', byEmail ? `Type provided requires an email address` : `Type provided requires a phone number`);
      }
      const pkce = byEmail ? parsePkce(input) : null;
      const redirectTo = redirectParam(c, input);
      if (type === 'signup') {
        const email = parseEmail(input.email!);
        const user = await findUserByEmail(ctx.db, email);
        if (!user || user.deletedAt || user.emailConfirmedAt) return c.json({});
        await sendSignupConfirmation(ctx, c, user, email, redirectTo, pkce);
        return c.json({});
      }
      if (type === 'email_change') {
        const email = parseEmail(input.email!);
        const [user] = await ctx.db
          .select()
          .from(users)
          .where(or(eq(users.email, email), eq(users.newEmail, email)))
          .limit(1);
        if (!user || !user.newEmail) return c.json({});
        await sendEmailChange(ctx, c, user, user.newEmail, { redirectTo, pkce });
        return c.json({});
      }
      const phone = parsePhone(input.phone!);
      if (type === 'sms') {
        const user = await findUserByPhone(ctx.db, phone);
        if (!user || user.deletedAt || user.phoneConfirmedAt) return c.json({});
        const sent = await sendToken(ctx, c, {
          user,
          channel: 'sms',
          address: phone,
          tokenType: 'confirmation',
          messageType: 'sms',
          verifyType: 'sms',
          sentAt: 'confirmationSentAt',
        });
        return c.json(sent.messageId ? { message_id: sent.messageId } : {});
      }
      const [user] = await ctx.db.select().from(users).where(eq(users.newPhone, phone)).limit(1);
      if (!user) return c.json({});
      const sent = await sendToken(ctx, c, {
        user,
        channel: 'sms',
        address: phone,
        tokenType: 'phone_change',
        messageType: 'phone_change',
        verifyType: 'phone_change',
        sentAt: 'phoneChangeSentAt',
      });
      return c.json(sent.messageId ? { message_id: sent.messageId } : {});
    })
    .get('/reauthenticate', async (c) => {
      const { user } = await authenticate(ctx, c.req.header('authorization'));
      if (!user.email && !user.phone) throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
      if (user.email) {
        if (!user.emailConfirmedAt) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
        await sendToken(ctx, c, {
          user,
          channel: 'email',
          address: user.email,
          tokenType: 'reauthentication',
          messageType: 'reauthentication',
          verifyType: 'reauthentication',
          sentAt: 'reauthenticationSentAt',
        });
      } else {
        if (!user.phoneConfirmedAt) throw new AuthError(422, 'phone_not_confirmed', 'Please verify your phone first.');
        await sendToken(ctx, c, {
          user,
          channel: 'sms',
          address: user.phone!,
          tokenType: 'reauthentication',
          messageType: 'reauthentication',
          verifyType: 'reauthentication',
          sentAt: 'reauthenticationSentAt',
        });
      }
      return c.json({});
    });
}

/** The user an OTP goes to, signed up (without a password) when unknown and `create_user` allows it. */
async function findOrCreate(ctx: AuthContext, provider: 'email' | 'phone', address: string, create: boolean, data: Record<string, unknown>): Promise<User> {
  const existing = provider === 'email' ? await findUserByEmail(ctx.db, address) : await findUserByPhone(ctx.db, address);
  if (existing && !existing.deletedAt) return existing;
  if (!create) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  if (ctx.config.AUTH_DISABLE_SIGNUP) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        aud: ctx.config.AUTH_JWT_AUD,
        role: ctx.config.AUTH_JWT_DEFAULT_GROUP_NAME,
        email: provider === 'email' ? address : null,
        phone: provider === 'phone' ? address : null,
        appMetadata: { provider, providers: [provider] },
        userMetadata: data,
      })
      .returning();
    await tx.insert(identities).values({
      userId: user!.id,
      provider,
      providerId: user!.id,
      email: provider === 'email' ? address : null,
      identityData: { sub: user!.id, [provider]: address, email_verified: false, phone_verified: false },
    });
    return user!;
  });
}

async function confirmEmail(ctx: AuthContext, user: User) {
  const [updated] = await ctx.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id)).returning();
  return markVerified(ctx.db, updated!, 'email_verified');
}
