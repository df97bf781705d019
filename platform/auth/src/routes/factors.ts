// MFA: enrol, challenge, verify and unenrol factors (docs/protocols/supabase-auth.md §3.15, §6.6). TOTP by default;
// phone factors when enabled.
import { and, eq, inArray, lt, ne } from '@citewise/db/orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { parsePhone } from '../addresses';
import type { AuthContext } from '../context';
import { amrClaims, challenges, factors, sessions, type Factor } from '../db/schema';
import { AuthError } from '../errors';
import { limitByIp } from '../limits';
import { readBody, requestInfo, localeOf } from '../request';
import { generateOtp, safeEqual, tokenHash } from '../security/otp';
import { createTotpSecret, totpQrSvg, totpUri, verifyTotp } from '../security/totp';
import { addAmr, reissueRefreshToken, sessionResponse } from '../sessions';
import { authenticate } from '../tokens';

const enrollBody = z.object({
  factor_type: z.string().optional(),
  friendly_name: z.string().optional(),
  issuer: z.string().optional(),
  phone: z.string().optional(),
});
const challengeBody = z.object({ channel: z.string().optional() });
const verifyBody = z.object({ challenge_id: z.string().optional(), code: z.string().optional() });

const UNVERIFIED_FACTOR_TTL = 300_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function factorRoutes(ctx: AuthContext) {
  const { config } = ctx;

  async function caller(header: string | undefined) {
    const found = await authenticate(ctx, header);
    if (found.user.isAnonymous) throw new AuthError(403, 'no_authorization', 'Anonymous users cannot use MFA');
    return found;
  }
  async function ownFactor(userId: string, id: string) {
    const [factor] = UUID.test(id)
      ? await ctx.db
          .select()
          .from(factors)
          .where(and(eq(factors.id, id), eq(factors.userId, userId)))
          .limit(1)
      : [];
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }
  function assertVerifyEnabled(type: string) {
    if (type === 'totp' && !config.AUTH_MFA_TOTP_VERIFY_ENABLED)
      throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    if (type === 'phone' && !config.AUTH_MFA_PHONE_VERIFY_ENABLED)
      throw new AuthError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  }

  return new Hono()
    .post('/factors', async (c) => {
      const { user, session } = await caller(c.req.header('authorization'));
      const input = await readBody(c, enrollBody);
      const type = input.factor_type;
      if (type !== 'totp' && type !== 'phone' && type !== 'webauthn') {
        throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone or webauthn');
      }
      if (type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
      if (type === 'totp' && !config.AUTH_MFA_TOTP_ENROLL_ENABLED) throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
      if (type === 'phone' && !config.AUTH_MFA_PHONE_ENROLL_ENABLED)
        throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');

      await ctx.db
        .delete(factors)
        .where(and(eq(factors.userId, user.id), eq(factors.status, 'unverified'), lt(factors.createdAt, new Date(Date.now() - UNVERIFIED_FACTOR_TTL))));
      const existing = await ctx.db.select().from(factors).where(eq(factors.userId, user.id));
      const name = input.friendly_name ?? '';
      if (existing.some((f) => (f.friendlyName ?? '') === name)) {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`);
      }
      const verified = existing.filter((f) => f.status === 'verified');
      if (existing.length >= config.AUTH_MFA_MAX_ENROLLED_FACTORS || verified.length >= config.AUTH_MFA_MAX_VERIFIED_FACTORS) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached, unenroll to continue');
      }
      if (verified.length > 0 && session.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');

      if (type === 'phone') {
        if (!input.phone) throw new AuthError(400, 'validation_failed', 'Phone number required to enroll Phone factor');
        const phone = parsePhone(input.phone);
        if (verified.some((f) => f.factorType === 'phone' && f.phone === phone)) {
          throw new AuthError(422, 'mfa_verified_factor_exists', 'A verified phone factor already exists, unenroll the existing factor to continue');
        }
        const [factor] = await ctx.db
          .insert(factors)
          .values({ userId: user.id, factorType: 'phone', friendlyName: name || null, phone })
          .returning();
        return c.json({ id: factor!.id, type: 'phone', friendly_name: name, phone });
      }

      const secret = createTotpSecret();
      const issuer = input.issuer || new URL(config.siteUrl).host;
      const uri = totpUri({ secret, issuer, accountName: user.email || user.phone || user.id });
      const [factor] = await ctx.db
        .insert(factors)
        .values({ userId: user.id, factorType: 'totp', friendlyName: name || null, secret })
        .returning();
      return c.json({ id: factor!.id, type: 'totp', friendly_name: name, totp: { qr_code: await totpQrSvg(uri), secret, uri } });
    })
    .post('/factors/:id/challenge', async (c) => {
      const { user } = await caller(c.req.header('authorization'));
      const { ip } = requestInfo(c, config);
      await limitByIp(ctx.limiters.mfaChallenge, ip);
      await readBody(c, challengeBody);
      const factor = await ownFactor(user.id, c.req.param('id'));
      assertVerifyEnabled(factor.factorType);
      let otpCode: string | null = null;
      if (factor.factorType === 'phone') {
        if (factor.lastChallengedAt && Date.now() - factor.lastChallengedAt.getTime() < config.AUTH_SMS_MAX_FREQUENCY * 1000) {
          const wait = Math.ceil(config.AUTH_SMS_MAX_FREQUENCY - (Date.now() - factor.lastChallengedAt.getTime()) / 1000);
          throw new AuthError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
        }
        const code = generateOtp(6);
        otpCode = tokenHash(factor.phone!, code);
        await ctx.messenger.send({ channel: 'sms', to: factor.phone!, type: 'mfa_phone', locale: localeOf(c, user.userMetadata), token: code });
      }
      const [challenge] = await ctx.db.insert(challenges).values({ factorId: factor.id, ipAddress: ip, otpCode }).returning();
      await ctx.db.update(factors).set({ lastChallengedAt: new Date() }).where(eq(factors.id, factor.id));
      const expiresAt = Math.floor(challenge!.createdAt.getTime() / 1000) + config.AUTH_MFA_CHALLENGE_EXPIRY_DURATION;
      return c.json({ id: challenge!.id, type: factor.factorType, expires_at: expiresAt });
    })
    .post('/factors/:id/verify', async (c) => {
      const { user, session } = await caller(c.req.header('authorization'));
      const { ip } = requestInfo(c, config);
      await limitByIp(ctx.limiters.mfaVerify, ip);
      const input = await readBody(c, verifyBody);
      const factor = await ownFactor(user.id, c.req.param('id'));
      assertVerifyEnabled(factor.factorType);
      if (!input.code) throw new AuthError(400, 'validation_failed', 'MFA verification requires a code');
      const [challenge] =
        input.challenge_id && UUID.test(input.challenge_id)
          ? await ctx.db
              .select()
              .from(challenges)
              .where(and(eq(challenges.id, input.challenge_id), eq(challenges.factorId, factor.id)))
              .limit(1)
          : [];
      if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verifiedAt || challenge.ipAddress !== ip) {
        throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch. Try enrollment again.');
      }
      if (Date.now() - challenge.createdAt.getTime() > config.AUTH_MFA_CHALLENGE_EXPIRY_DURATION * 1000) {
        await ctx.db.delete(challenges).where(eq(challenges.id, challenge.id));
        throw new AuthError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      const valid =
        factor.factorType === 'totp'
          ? verifyTotp(factor.secret ?? '', input.code)
          : safeEqual(tokenHash(factor.phone!, input.code.trim()), challenge.otpCode ?? '');
      if (!valid)
        throw new AuthError(422, 'mfa_verification_failed', factor.factorType === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered');

      const { refreshToken, raised } = await ctx.db.transaction(async (tx) => {
        await tx.update(challenges).set({ verifiedAt: new Date() }).where(eq(challenges.id, challenge.id));
        await tx.update(factors).set({ status: 'verified', updatedAt: new Date() }).where(eq(factors.id, factor.id));
        await tx
          .delete(factors)
          .where(and(eq(factors.userId, user.id), eq(factors.factorType, factor.factorType), eq(factors.status, 'unverified'), ne(factors.id, factor.id)));
        const [raised] = await tx
          .update(sessions)
          .set({ aal: 'aal2', factorId: factor.id, updatedAt: new Date() })
          .where(eq(sessions.id, session.id))
          .returning();
        await addAmr(tx, session.id, amrMethodOf(factor.factorType));
        // Other sessions still at aal1 end: whoever holds them must pass the second factor too.
        await tx.delete(sessions).where(and(eq(sessions.userId, user.id), eq(sessions.aal, 'aal1'), ne(sessions.id, session.id)));
        return { refreshToken: await reissueRefreshToken(tx, raised!), raised: raised! };
      });
      return c.json(await sessionResponse(ctx, raised, refreshToken));
    })
    .delete('/factors/:id', async (c) => {
      const { user, session } = await caller(c.req.header('authorization'));
      const factor = await ownFactor(user.id, c.req.param('id'));
      if (factor.status === 'verified' && session.aal !== 'aal2') {
        throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      }
      await unenrollFactor(ctx, factor);
      return c.json({ id: factor.id });
    });
}

/** The `amr` method a factor's verification adds to a session. */
const amrMethodOf = (factorType: string) => (factorType === 'totp' ? 'totp' : `mfa/${factorType}`);

/**
 * Deletes a factor. Sessions it raised drop back to aal1 and lose its `amr` entry, as GoTrue's
 * DowngradeSessionsToAAL1 does, so their next token no longer claims a factor the user no longer has.
 */
export async function unenrollFactor(ctx: AuthContext, factor: Pick<Factor, 'id' | 'factorType'>) {
  await ctx.db.transaction(async (tx) => {
    const raised = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.factorId, factor.id));
    if (raised.length > 0) {
      const ids = raised.map((session) => session.id);
      await tx.delete(amrClaims).where(and(inArray(amrClaims.sessionId, ids), eq(amrClaims.method, amrMethodOf(factor.factorType))));
      await tx.update(sessions).set({ aal: 'aal1', factorId: null, updatedAt: new Date() }).where(inArray(sessions.id, ids));
    }
    await tx.delete(factors).where(eq(factors.id, factor.id));
  });
}
