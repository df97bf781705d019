// What a verified one-time token does to its user (docs/protocols/supabase-auth.md §3.6): confirm an address, complete
// an email or phone change, or simply prove control of the address (recovery, magic link).
import { and, desc, eq, isNull } from '@citewise/db/orm';
import type { AuthContext } from './context';
import { flowStates, identities, oneTimeTokens, users, type User } from './db/schema';
import { AuthError } from './errors';
import { clearTokens, findByCode, findByHash, type TokenType } from './one-time-tokens';
import { isPkceTokenHash } from './security/otp';
import { findUserById, isBanned, markVerified, upsertIdentity, withProvider } from './users';

export const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email', 'sms', 'phone_change'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

const TOKEN_TYPES: Record<VerifyType, TokenType[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  magiclink: ['recovery'],
  recovery: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['email_change_current', 'email_change_new'],
  sms: ['confirmation'],
  phone_change: ['phone_change'],
};

export const isPhoneType = (type: VerifyType) => type === 'sms' || type === 'phone_change';

export type Verified =
  { kind: 'session'; user: User; pkce: boolean; authenticationMethod: string } | { kind: 'email_change_pending'; user: User; pkce: boolean };

export const EMAIL_CHANGE_PENDING = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export async function findToken(ctx: AuthContext, type: VerifyType, lookup: { hash: string } | { address: string; code: string }) {
  const types = TOKEN_TYPES[type];
  const row = 'hash' in lookup ? await findByHash(ctx.db, lookup.hash, types) : await findByCode(ctx.db, lookup.address, lookup.code, types);
  const expiry = isPhoneType(type) ? ctx.config.AUTH_SMS_OTP_EXP : ctx.config.AUTH_MAILER_OTP_EXP;
  const message = 'hash' in lookup ? 'Email link is invalid or has expired' : 'Token has expired or is invalid';
  if (!row || Date.now() - row.createdAt.getTime() > expiry * 1000) throw new AuthError(403, 'otp_expired', message);
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.deletedAt) throw new AuthError(403, 'otp_expired', message);
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  return { row, user };
}

export async function applyVerification(ctx: AuthContext, token: typeof oneTimeTokens.$inferSelect, user: User): Promise<Verified> {
  const pkce = isPkceTokenHash(token.tokenHash);
  const now = new Date();
  switch (token.tokenType as TokenType) {
    case 'confirmation': {
      const phone = !token.relatesTo.includes('@');
      const [updated] = await ctx.db
        .update(users)
        .set(phone ? { phoneConfirmedAt: user.phoneConfirmedAt ?? now, isAnonymous: false } : { emailConfirmedAt: user.emailConfirmedAt ?? now })
        .where(eq(users.id, user.id))
        .returning();
      const verified = await markVerified(ctx.db, updated!, phone ? 'phone_verified' : 'email_verified');
      await clearTokens(ctx.db, user.id);
      return { kind: 'session', user: verified, pkce, authenticationMethod: user.invitedAt && !user.emailConfirmedAt ? 'invite' : 'email/signup' };
    }
    case 'recovery': {
      let current = user;
      if (!user.emailConfirmedAt) {
        const [updated] = await ctx.db.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, user.id)).returning();
        current = await markVerified(ctx.db, updated!, 'email_verified');
      }
      await clearTokens(ctx.db, user.id);
      return { kind: 'session', user: current, pkce, authenticationMethod: 'recovery' };
    }
    case 'phone_change': {
      const phone = user.newPhone ?? token.relatesTo;
      const [updated] = await ctx.db
        .update(users)
        .set({ phone, newPhone: null, phoneConfirmedAt: now, isAnonymous: false, appMetadata: withProvider(user.appMetadata, 'phone'), updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      await upsertIdentity(ctx.db, {
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        data: { sub: user.id, phone, phone_verified: true, email_verified: false },
      });
      await clearTokens(ctx.db, user.id, ['phone_change']);
      return { kind: 'session', user: updated!, pkce, authenticationMethod: 'phone_change' };
    }
    case 'email_change_current':
    case 'email_change_new': {
      const other: TokenType = token.tokenType === 'email_change_new' ? 'email_change_current' : 'email_change_new';
      const [pendingOther] = await ctx.db
        .select({ id: oneTimeTokens.id })
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.tokenType, other)))
        .limit(1);
      if (pendingOther && ctx.config.AUTH_MAILER_SECURE_EMAIL_CHANGE_ENABLED && user.emailChangeConfirmStatus === 0) {
        await ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.id, token.id));
        const [updated] = await ctx.db.update(users).set({ emailChangeConfirmStatus: 1 }).where(eq(users.id, user.id)).returning();
        return { kind: 'email_change_pending', user: updated!, pkce };
      }
      const email = user.newEmail!;
      const [updated] = await ctx.db
        .update(users)
        .set({
          email,
          newEmail: null,
          emailChangeConfirmStatus: 0,
          emailConfirmedAt: now,
          isAnonymous: false,
          appMetadata: withProvider(user.appMetadata, 'email'),
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      await ctx.db.delete(identities).where(and(eq(identities.userId, user.id), eq(identities.provider, 'email')));
      await upsertIdentity(ctx.db, {
        userId: user.id,
        provider: 'email',
        providerId: user.id,
        email,
        data: { sub: user.id, email, email_verified: true, phone_verified: false },
      });
      await clearTokens(ctx.db, user.id, ['email_change_current', 'email_change_new']);
      return { kind: 'session', user: updated!, pkce, authenticationMethod: 'email_change' };
    }
    default:
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  }
}

/** For a PKCE link: hands out the auth code of the user's pending email flow (then exchanged at /token). */
export async function issueAuthCode(ctx: AuthContext, userId: string) {
  const [flow] = await ctx.db
    .select()
    .from(flowStates)
    .where(and(eq(flowStates.userId, userId), eq(flowStates.providerType, 'email'), isNull(flowStates.authCodeIssuedAt)))
    .orderBy(desc(flowStates.createdAt))
    .limit(1);
  if (!flow) throw new AuthError(404, 'flow_state_not_found', 'No valid flow state found for user.');
  await ctx.db.update(flowStates).set({ authCodeIssuedAt: new Date() }).where(eq(flowStates.id, flow.id));
  return flow.authCode;
}
