// GET /user, PUT /user and POST /logout (docs/protocols/supabase-auth.md §3.10–3.11).
import { and, eq, ne } from '@citewise/db/orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { parseChannel, parseEmail, parsePhone, parsePkce } from '../addresses';
import type { AuthContext } from '../context';
import { factors, sessions, users, type User } from '../db/schema';
import { sendToken } from '../delivery';
import { sendEmailChange } from '../email-change';
import { AuthError } from '../errors';
import { limitByIp } from '../limits';
import { clearTokens, findByCode } from '../one-time-tokens';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../passwords';
import { pkceFields, readBody, redirectParam, requestInfo } from '../request';
import { logout, type LogoutScope } from '../sessions';
import { authenticate } from '../tokens';
import { findUserByEmail, findUserByPhone, loadUserJson, mergeMetadata, upsertIdentity, withProvider } from '../users';
import { metadataField } from '../metadata';

const updateBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  channel: z.string().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  nonce: z.string().optional(),
  data: metadataField,
  app_metadata: z.unknown().optional(),
  redirect_to: z.string().optional(),
  ...pkceFields,
});

const DAY = 24 * 3600 * 1000;

export function userRoutes(ctx: AuthContext) {
  const { config } = ctx;
  return new Hono()
    .get('/user', async (c) => {
      const { user } = await authenticate(ctx, c.req.header('authorization'));
      return c.json(await loadUserJson(ctx.db, user));
    })
    .put('/user', async (c) => {
      const caller = await authenticate(ctx, c.req.header('authorization'));
      await limitByIp(ctx.limiters.user, requestInfo(c, config).ip);
      const input = await readBody(c, updateBody);
      if (input.app_metadata !== undefined) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
      let user: User = caller.user;

      const sensitive = input.password !== undefined || input.email !== undefined || input.phone !== undefined;
      if (sensitive && caller.session.aal !== 'aal2') {
        const [verified] = await ctx.db
          .select({ id: factors.id })
          .from(factors)
          .where(and(eq(factors.userId, user.id), eq(factors.status, 'verified')))
          .limit(1);
        if (verified) throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
      const email = input.email ? parseEmail(input.email) : undefined;
      const phone = input.phone ? parsePhone(input.phone) : undefined;
      if (phone) parseChannel(input.channel);
      const pkce = parsePkce(input);

      if (input.data !== undefined) {
        const [updated] = await ctx.db
          .update(users)
          .set({ userMetadata: mergeMetadata(user.userMetadata, input.data), updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        user = updated!;
      }

      if (input.password !== undefined) {
        if (user.isAnonymous && !user.email && !user.phone && !email && !phone) {
          throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
        }
        assertAcceptablePassword(config, input.password);
        // Reauthentication first (GoTrue's order): checked after the comparison, `same_password` versus
        // `reauthentication_needed` would tell a holder of a stale session whether a guess is the password.
        if (config.AUTH_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION && Date.now() - caller.session.createdAt.getTime() > DAY) {
          if (!input.nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
          const address = user.email ?? user.phone ?? '';
          const token = await findByCode(ctx.db, address, input.nonce, ['reauthentication']);
          if (!token || token.userId !== user.id) throw new AuthError(422, 'reauthentication_not_valid', 'Requested password update with an invalid nonce');
        }
        if (await verifyPassword(input.password, user.encryptedPassword)) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        }
        const [updated] = await ctx.db
          .update(users)
          .set({ encryptedPassword: await hashPassword(input.password), updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        user = updated!;
        // A new password signs out every other session and voids pending links.
        await ctx.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, caller.session.id)));
        await clearTokens(ctx.db, user.id);
      }

      if (email && email !== user.email) {
        const taken = await findUserByEmail(ctx.db, email);
        if (taken && taken.id !== user.id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        if (user.isAnonymous && config.AUTH_MAILER_AUTOCONFIRM) {
          const [updated] = await ctx.db
            .update(users)
            .set({ email, emailConfirmedAt: new Date(), isAnonymous: false, appMetadata: withProvider(user.appMetadata, 'email'), updatedAt: new Date() })
            .where(eq(users.id, user.id))
            .returning();
          user = updated!;
          await upsertIdentity(ctx.db, {
            userId: user.id,
            provider: 'email',
            providerId: user.id,
            email,
            data: { sub: user.id, email, email_verified: true, phone_verified: false },
          });
        } else {
          const [pending] = await ctx.db.update(users).set({ newEmail: email, emailChangeConfirmStatus: 0 }).where(eq(users.id, user.id)).returning();
          user = await sendEmailChange(ctx, c, pending!, email, { redirectTo: redirectParam(c, input), pkce });
        }
      }

      if (phone && phone !== user.phone) {
        const taken = await findUserByPhone(ctx.db, phone);
        if (taken && taken.id !== user.id) throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
        if (config.AUTH_SMS_AUTOCONFIRM) {
          const [updated] = await ctx.db
            .update(users)
            .set({
              phone,
              phoneConfirmedAt: new Date(),
              newPhone: null,
              isAnonymous: false,
              appMetadata: withProvider(user.appMetadata, 'phone'),
              updatedAt: new Date(),
            })
            .where(eq(users.id, user.id))
            .returning();
          user = updated!;
          await upsertIdentity(ctx.db, {
            userId: user.id,
            provider: 'phone',
            providerId: user.id,
            data: { sub: user.id, phone, phone_verified: true, email_verified: false },
          });
        } else {
          const [pending] = await ctx.db.update(users).set({ newPhone: phone }).where(eq(users.id, user.id)).returning();
          ({ user } = await sendToken(ctx, c, {
            user: pending!,
            channel: 'sms',
            address: phone,
            tokenType: 'phone_change',
            messageType: 'phone_change',
            verifyType: 'phone_change',
            sentAt: 'phoneChangeSentAt',
          }));
        }
      }
      return c.json(await loadUserJson(ctx.db, user));
    })
    .post('/logout', async (c) => {
      const scope = (c.req.query('scope') ?? 'global') as LogoutScope;
      if (!['global', 'local', 'others'].includes(scope)) {
        throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
      }
      const caller = await authenticate(ctx, c.req.header('authorization'));
      await logout(ctx.db, caller.user.id, caller.session.id, scope);
      return c.body(null, 204);
    });
}
