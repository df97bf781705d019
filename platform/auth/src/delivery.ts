// Sends a one-time token by mail or SMS for a user, with GoTrue's per-user frequency limit, the verify link,
// and the PKCE flow state when the client asked for PKCE.
import { eq } from '@citewise/db/orm';
import type { Context } from 'hono';
import type { AuthContext } from './context';
import { flowStates, users, type User } from './db/schema';
import { AuthError } from './errors';
import type { MessageType } from './messaging';
import { issueToken, type TokenType } from './one-time-tokens';
import { localeOf } from './request';
import { resolveRedirect } from './security/redirect';

type SentAtField = 'confirmationSentAt' | 'recoverySentAt' | 'emailChangeSentAt' | 'phoneChangeSentAt' | 'reauthenticationSentAt';

export interface SendToken {
  user: User;
  channel: 'email' | 'sms';
  address: string;
  tokenType: TokenType;
  messageType: MessageType;
  /** The `type` the mailed link verifies with. */
  verifyType: string;
  sentAt: SentAtField;
  redirectTo?: string;
  /** PKCE: the challenge from the request, and what the code exchange will report. */
  pkce?: { challenge: string; method: string; authenticationMethod: string } | null;
  newEmail?: string;
  /** Skip the per-user frequency check (admin actions). */
  force?: boolean;
}

export function checkFrequency(ctx: AuthContext, user: User, field: SentAtField, channel: 'email' | 'sms') {
  const last = user[field];
  const limit = channel === 'email' ? ctx.config.AUTH_SMTP_MAX_FREQUENCY : ctx.config.AUTH_SMS_MAX_FREQUENCY;
  if (!last) return;
  const wait = Math.ceil(limit - (Date.now() - last.getTime()) / 1000);
  if (wait > 0) {
    throw new AuthError(
      429,
      channel === 'email' ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

export function verifyLink(ctx: AuthContext, hash: string, type: string, redirectTo: string) {
  const url = new URL(`${ctx.config.externalUrl}/verify`);
  url.searchParams.set('token', hash);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/**
 * The link in a mail without PKCE when AUTH_MAILER_CONFIRM_URL is set: the product's own page, which verifies the
 * token hash (POST /verify with `token_hash`) and so signs in the browser that opens it — a link an admin had sent
 * has no PKCE verifier in that browser, and the implicit flow's tokens in a URL fragment never reach a server.
 */
export function confirmLink(confirmUrl: string, hash: string, type: string, redirectTo: string) {
  const url = new URL(confirmUrl);
  url.searchParams.set('token_hash', hash);
  url.searchParams.set('type', type);
  url.searchParams.set('next', redirectTo);
  return url.toString();
}

export async function sendToken(ctx: AuthContext, c: Context, input: SendToken) {
  if (!input.force) checkFrequency(ctx, input.user, input.sentAt, input.channel);
  if (!ctx.messenger.canSend(input.channel)) {
    throw input.channel === 'email'
      ? new AuthError(500, 'unexpected_failure', 'Error sending email: no mail provider is configured')
      : new AuthError(422, 'sms_send_failed', 'Error sending sms: no SMS provider is configured');
  }
  const length = input.channel === 'email' ? ctx.config.AUTH_MAILER_OTP_LENGTH : ctx.config.AUTH_SMS_OTP_LENGTH;
  const { otp, hash } = await issueToken(ctx.db, input.user.id, input.tokenType, input.address, { length, pkce: Boolean(input.pkce) });
  if (input.pkce) {
    await ctx.db.insert(flowStates).values({
      userId: input.user.id,
      authCode: crypto.randomUUID(),
      codeChallenge: input.pkce.challenge,
      codeChallengeMethod: input.pkce.method,
      providerType: 'email',
      authenticationMethod: input.pkce.authenticationMethod,
    });
  }
  const redirectTo = resolveRedirect(input.redirectTo, { siteUrl: ctx.config.siteUrl, allowList: ctx.config.AUTH_URI_ALLOW_LIST });
  const confirmUrl = input.pkce ? null : ctx.config.confirmUrl;
  const link =
    input.channel !== 'email'
      ? undefined
      : confirmUrl
        ? confirmLink(confirmUrl, hash, input.verifyType, redirectTo)
        : verifyLink(ctx, hash, input.verifyType, redirectTo);
  const result = await ctx.messenger.send({
    channel: input.channel,
    to: input.address,
    type: input.messageType,
    locale: localeOf(c, input.user.userMetadata),
    token: otp,
    tokenHash: input.channel === 'email' ? hash : undefined,
    link,
    newEmail: input.newEmail,
  });
  const [updated] = await ctx.db
    .update(users)
    .set({ [input.sentAt]: new Date(), updatedAt: new Date() })
    .where(eq(users.id, input.user.id))
    .returning();
  return { user: updated!, messageId: result.messageId, otp, hash };
}
