// The admin API's invitations and generated links (docs/protocols/supabase-auth.md §3.16): POST /invite and
// POST /admin/generate_link, added to the admin routes' app behind their service-role check (routes/admin.ts).
import { eq } from '@citewise/db/orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { parseEmail } from '../addresses';
import { createUser, passwordHashOf } from '../admin-users';
import type { AuthContext } from '../context';
import { users } from '../db/schema';
import { sendToken, verifyLink } from '../delivery';
import { AuthError } from '../errors';
import { metadataField } from '../metadata';
import { issueToken, type TokenType } from '../one-time-tokens';
import { readBody, redirectParam } from '../request';
import { resolveRedirect } from '../security/redirect';
import { findUserByEmail, loadUserJson, mergeMetadata } from '../users';

const inviteBody = z.object({ email: z.string().optional(), data: metadataField, redirect_to: z.string().optional() });
const linkBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  new_email: z.string().optional(),
  data: metadataField,
  redirect_to: z.string().optional(),
});
export function addAdminLinkRoutes(app: Hono, ctx: AuthContext) {
  app.post('/invite', async (c) => {
    const input = await readBody(c, inviteBody);
    if (!input.email) throw new AuthError(400, 'validation_failed', 'Invite requires an email address');
    const email = parseEmail(input.email);
    let user = await findUserByEmail(ctx.db, email);
    if (user?.emailConfirmedAt) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    if (!user) user = await createUser(ctx, { email, passwordHash: null, userMetadata: input.data ?? {}, invited: true });
    else
      [user] = await ctx.db
        .update(users)
        .set({ invitedAt: new Date(), userMetadata: mergeMetadata(user.userMetadata, input.data) })
        .where(eq(users.id, user.id))
        .returning();
    const sent = await sendToken(ctx, c, {
      user: user!,
      channel: 'email',
      address: email,
      tokenType: 'confirmation',
      messageType: 'invite',
      verifyType: 'invite',
      sentAt: 'confirmationSentAt',
      redirectTo: redirectParam(c, input),
      force: true,
    });
    return c.json(await loadUserJson(ctx.db, sent.user));
  });

  app.post('/admin/generate_link', async (c) => c.json(await generateLink(c)));

  async function generateLink(c: Context) {
    const input = await readBody(c, linkBody);
    const type = input.type ?? '';
    const kinds: Record<string, { token: TokenType; verify: string }> = {
      signup: { token: 'confirmation', verify: 'signup' },
      invite: { token: 'confirmation', verify: 'invite' },
      magiclink: { token: 'recovery', verify: 'magiclink' },
      recovery: { token: 'recovery', verify: 'recovery' },
      email_change_current: { token: 'email_change_current', verify: 'email_change' },
      email_change_new: { token: 'email_change_new', verify: 'email_change' },
    };
    const kind = kinds[type];
    if (!kind) throw new AuthError(400, 'validation_failed', 'Invalid email action link type requested');
    if (!input.email) throw new AuthError(400, 'validation_failed', 'Email is required to generate a link');
    const email = parseEmail(input.email);
    let user = await findUserByEmail(ctx.db, email);
    let address = email;

    if (type === 'signup' || type === 'invite') {
      if (user?.emailConfirmedAt) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      if (type === 'signup' && !input.password) throw new AuthError(400, 'validation_failed', 'Password is required for signup links');
      if (!user) {
        const passwordHash = type === 'signup' ? await passwordHashOf(ctx, { password: input.password }, true) : null;
        user = await createUser(ctx, { email, passwordHash, userMetadata: input.data ?? {}, invited: type === 'invite' });
      }
    } else if (type === 'magiclink') {
      user ??= await createUser(ctx, { email, passwordHash: null, userMetadata: input.data ?? {} });
    } else {
      if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
      if (type.startsWith('email_change')) {
        if (!input.new_email) throw new AuthError(400, 'validation_failed', 'The new email address is required for email change links');
        const newEmail = parseEmail(input.new_email);
        const taken = await findUserByEmail(ctx.db, newEmail);
        if (taken && taken.id !== user.id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        [user] = await ctx.db.update(users).set({ newEmail, emailChangeConfirmStatus: 0 }).where(eq(users.id, user.id)).returning();
        if (type === 'email_change_new') address = newEmail;
      }
    }
    const { otp, hash } = await issueToken(ctx.db, user!.id, kind.token, address, { length: ctx.config.AUTH_MAILER_OTP_LENGTH, pkce: false });
    const redirectTo = resolveRedirect(redirectParam(c, input), { siteUrl: ctx.config.siteUrl, allowList: ctx.config.AUTH_URI_ALLOW_LIST });
    return {
      ...(await loadUserJson(ctx.db, user!)),
      action_link: verifyLink(ctx, hash, kind.verify, redirectTo),
      email_otp: otp,
      hashed_token: hash,
      verification_type: kind.verify,
      redirect_to: redirectTo,
    };
  }
}
