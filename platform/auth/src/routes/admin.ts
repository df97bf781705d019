// The admin API (service-role JWT): invite, generate_link, users CRUD with pagination, user factors
// (docs/protocols/supabase-auth.md §3.16).
import { and, asc, count, desc, eq, ilike, or, sql } from '@citewise/db/orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseEmail, parsePhone } from '../addresses';
import type { AuthContext } from '../context';
import { factors, flowStates, identities, oneTimeTokens, sessions, users, type User } from '../db/schema';
import { sendToken, verifyLink } from '../delivery';
import { AuthError } from '../errors';
import { issueToken, type TokenType } from '../one-time-tokens';
import { assertAcceptablePassword, hashPassword } from '../passwords';
import { readBody, redirectParam } from '../request';
import { parseGoDuration } from '../security/duration';
import { resolveRedirect } from '../security/redirect';
import { authenticateAdmin } from '../tokens';
import { factorJson, findUserByEmail, findUserById, findUserByPhone, loadUserJson, loadUsersJson, mergeMetadata, upsertIdentity } from '../users';
import { unenrollFactor } from './factors';
import { metadataField } from '../metadata';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const metadata = metadataField;

const userBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  password_hash: z.string().optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadata,
  app_metadata: metadata,
  role: z.string().optional(),
  ban_duration: z.string().optional(),
  id: z.string().regex(UUID, 'must be a UUID').optional(),
  aud: z.string().optional(),
});
const inviteBody = z.object({ email: z.string().optional(), data: metadata, redirect_to: z.string().optional() });
const linkBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  new_email: z.string().optional(),
  data: metadata,
  redirect_to: z.string().optional(),
});
const deleteBody = z.object({ should_soft_delete: z.boolean().optional() });

export function adminRoutes(ctx: AuthContext) {
  const { config } = ctx;
  const app = new Hono();
  app.use('/admin/*', async (c, next) => {
    await authenticateAdmin(ctx, c.req.header('authorization'));
    await next();
  });
  app.use('/invite', async (c, next) => {
    await authenticateAdmin(ctx, c.req.header('authorization'));
    await next();
  });

  async function userOrThrow(id: string) {
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await findUserById(ctx.db, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  async function createUser(input: { email?: string; phone?: string; passwordHash: string | null; confirmEmail?: boolean; confirmPhone?: boolean; userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown>; role?: string; id?: string; aud?: string; invited?: boolean }) {
    return ctx.db.transaction(async (tx) => {
      const providers = [input.email ? 'email' : null, input.phone ? 'phone' : null].filter((p): p is string => Boolean(p));
      const now = new Date();
      const [user] = await tx
        .insert(users)
        .values({
          ...(input.id ? { id: input.id } : {}),
          aud: input.aud ?? config.AUTH_JWT_AUD,
          role: input.role ?? config.AUTH_JWT_DEFAULT_GROUP_NAME,
          email: input.email ?? null,
          phone: input.phone ?? null,
          encryptedPassword: input.passwordHash,
          emailConfirmedAt: input.email && input.confirmEmail ? now : null,
          phoneConfirmedAt: input.phone && input.confirmPhone ? now : null,
          invitedAt: input.invited ? now : null,
          appMetadata: { provider: providers[0], providers, ...(input.appMetadata ?? {}) },
          userMetadata: input.userMetadata ?? {},
        })
        .returning();
      for (const provider of providers) {
        const address = provider === 'email' ? input.email : input.phone;
        const verified = provider === 'email' ? Boolean(input.confirmEmail) : Boolean(input.confirmPhone);
        await tx.insert(identities).values({
          userId: user!.id,
          provider,
          providerId: user!.id,
          email: provider === 'email' ? input.email! : null,
          identityData: { sub: user!.id, [provider]: address, email_verified: provider === 'email' && verified, phone_verified: provider === 'phone' && verified },
        });
      }
      return user!;
    });
  }

  async function passwordHashOf(input: { password?: string; password_hash?: string }, check: boolean) {
    if (input.password_hash) {
      if (!/^\$2[aby]\$\d{2}\$/.test(input.password_hash)) throw new AuthError(400, 'validation_failed', 'Invalid password hash format: only bcrypt hashes are supported');
      return input.password_hash;
    }
    if (input.password) {
      if (check) assertAcceptablePassword(config, input.password);
      return hashPassword(input.password);
    }
    return null;
  }

  app.post('/invite', async (c) => {
    const input = await readBody(c, inviteBody);
    if (!input.email) throw new AuthError(400, 'validation_failed', 'Invite requires an email address');
    const email = parseEmail(input.email);
    let user = await findUserByEmail(ctx.db, email);
    if (user?.emailConfirmedAt) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    if (!user) user = await createUser({ email, passwordHash: null, userMetadata: input.data ?? {}, invited: true });
    else [user] = await ctx.db.update(users).set({ invitedAt: new Date(), userMetadata: mergeMetadata(user.userMetadata, input.data) }).where(eq(users.id, user.id)).returning();
    const sent = await sendToken(ctx, c, { user: user!, channel: 'email', address: email, tokenType: 'confirmation', messageType: 'invite', verifyType: 'invite', sentAt: 'confirmationSentAt', redirectTo: redirectParam(c, input), force: true });
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
        const passwordHash = type === 'signup' ? await passwordHashOf({ password: input.password }, true) : null;
        user = await createUser({ email, passwordHash, userMetadata: input.data ?? {}, invited: type === 'invite' });
      }
    } else if (type === 'magiclink') {
      user ??= await createUser({ email, passwordHash: null, userMetadata: input.data ?? {} });
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
    const { otp, hash } = await issueToken(ctx.db, user!.id, kind.token, address, { length: config.AUTH_MAILER_OTP_LENGTH, pkce: false });
    const redirectTo = resolveRedirect(redirectParam(c, input), { siteUrl: config.siteUrl, allowList: config.AUTH_URI_ALLOW_LIST });
    return {
      ...(await loadUserJson(ctx.db, user!)),
      action_link: verifyLink(ctx, hash, kind.verify, redirectTo),
      email_otp: otp,
      hashed_token: hash,
      verification_type: kind.verify,
      redirect_to: redirectTo,
    };
  }

  app.get('/admin/users', async (c) => {
    const page = Number(c.req.query('page') ?? '1');
    const perPage = Number(c.req.query('per_page') ?? '50');
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 1000) {
      throw new AuthError(400, 'validation_failed', 'Bad Pagination Parameters');
    }
    const filter = c.req.query('filter');
    // GoTrue matches the address and the name; the phone too here (stored without its '+'), for the admin area's search.
    const pattern = filter ? `%${filter.replace(/[%_\\]/g, '\\$&')}%` : '';
    const phonePattern = filter ? `%${filter.replace(/^\+/, '').replace(/[%_\\]/g, '\\$&')}%` : '';
    const where = filter ? or(ilike(users.email, pattern), ilike(sql`${users.userMetadata}->>'full_name'`, pattern), ilike(users.phone, phonePattern)) : undefined;
    const ascending = /^created_at\s+asc$/i.test(c.req.query('sort') ?? '');
    const [rows, totals] = await Promise.all([
      ctx.db.select().from(users).where(where).orderBy(ascending ? asc(users.createdAt) : desc(users.createdAt), asc(users.id)).limit(perPage).offset((page - 1) * perPage),
      ctx.db.select({ total: count() }).from(users).where(where),
    ]);
    const total = Number(totals[0]?.total ?? 0);
    const last = Math.max(1, Math.ceil(total / perPage));
    // `page` first: supabase-js reads the page number right after the first '=' of each Link URL.
    const link = (n: number) => `</admin/users?page=${n}&per_page=${perPage}>`;
    const links = [page < last ? `${link(page + 1)}; rel="next"` : null, `${link(last)}; rel="last"`].filter(Boolean);
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    const list = await loadUsersJson(ctx.db, rows);
    return c.json({ aud: config.AUTH_JWT_AUD, users: list });
  });

  app.post('/admin/users', async (c) => {
    const input = await readBody(c, userBody);
    if (!input.email && !input.phone) throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    const email = input.email ? parseEmail(input.email) : undefined;
    const phone = input.phone ? parsePhone(input.phone) : undefined;
    if (email && (await findUserByEmail(ctx.db, email))) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    if (phone && (await findUserByPhone(ctx.db, phone))) throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
    const banned = banUntil(input.ban_duration);
    let user = await createUser({
      email, phone,
      passwordHash: await passwordHashOf(input, false),
      confirmEmail: input.email_confirm, confirmPhone: input.phone_confirm,
      userMetadata: input.user_metadata ?? {}, appMetadata: input.app_metadata ?? {},
      role: input.role, id: input.id, aud: input.aud,
    });
    if (banned !== undefined) [user] = await ctx.db.update(users).set({ bannedUntil: banned }).where(eq(users.id, user.id)).returning() as [User];
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.get('/admin/users/:id', async (c) => c.json(await loadUserJson(ctx.db, await userOrThrow(c.req.param('id')))));

  app.put('/admin/users/:id', async (c) => {
    let user = await userOrThrow(c.req.param('id'));
    const input = await readBody(c, userBody);
    const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.role !== undefined) patch.role = input.role;
    if (input.aud !== undefined) patch.aud = input.aud;
    if (input.user_metadata !== undefined) patch.userMetadata = mergeMetadata(user.userMetadata, input.user_metadata);
    if (input.app_metadata !== undefined) patch.appMetadata = mergeMetadata(user.appMetadata, input.app_metadata);
    const banned = banUntil(input.ban_duration);
    if (banned !== undefined) patch.bannedUntil = banned;
    if (input.email !== undefined) {
      const email = parseEmail(input.email);
      const taken = await findUserByEmail(ctx.db, email);
      if (taken && taken.id !== user.id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      patch.email = email;
      await upsertIdentity(ctx.db, { userId: user.id, provider: 'email', providerId: user.id, email, data: { sub: user.id, email, email_verified: Boolean(input.email_confirm), phone_verified: false } });
    }
    if (input.phone !== undefined) {
      const phone = parsePhone(input.phone);
      const taken = await findUserByPhone(ctx.db, phone);
      if (taken && taken.id !== user.id) throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
      patch.phone = phone;
      await upsertIdentity(ctx.db, { userId: user.id, provider: 'phone', providerId: user.id, data: { sub: user.id, phone, phone_verified: Boolean(input.phone_confirm), email_verified: false } });
    }
    if (input.email_confirm) patch.emailConfirmedAt = user.emailConfirmedAt ?? new Date();
    if (input.phone_confirm) patch.phoneConfirmedAt = user.phoneConfirmedAt ?? new Date();
    const passwordHash = await passwordHashOf(input, true);
    if (passwordHash) patch.encryptedPassword = passwordHash;
    [user] = (await ctx.db.update(users).set(patch).where(eq(users.id, user.id)).returning()) as [User];
    // A password set by an admin signs the user out everywhere.
    if (passwordHash) await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await userOrThrow(c.req.param('id'));
    const input = await readBody(c, deleteBody);
    if (!input.should_soft_delete) {
      await ctx.db.delete(users).where(eq(users.id, user.id));
      return c.json({});
    }
    // Soft delete: the row stays for audit, the addresses become free again, nothing can sign in, and nothing of
    // the person's is left beside it (sessions, factors, unused mailed codes, sign-in flows under way).
    await ctx.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.delete(factors).where(eq(factors.userId, user.id));
      await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
      await tx.delete(flowStates).where(or(eq(flowStates.userId, user.id), eq(flowStates.linkingUserId, user.id)));
      await tx.update(identities).set({ identityData: {}, providerId: sql`${identities.providerId} || '-deleted-' || ${identities.id}`, email: null }).where(eq(identities.userId, user.id));
      await tx.update(users).set({ deletedAt: new Date(), email: null, phone: null, newEmail: null, newPhone: null, encryptedPassword: null, userMetadata: {}, updatedAt: new Date() }).where(eq(users.id, user.id));
    });
    return c.json({});
  });

  app.get('/admin/users/:id/factors', async (c) => {
    const user = await userOrThrow(c.req.param('id'));
    const rows = await ctx.db.select().from(factors).where(eq(factors.userId, user.id)).orderBy(asc(factors.createdAt));
    return c.json(rows.map(factorJson));
  });

  async function userFactor(userId: string, factorId: string) {
    const [factor] = UUID.test(factorId) ? await ctx.db.select().from(factors).where(and(eq(factors.id, factorId), eq(factors.userId, userId))).limit(1) : [];
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  app.put('/admin/users/:id/factors/:factorId', async (c) => {
    const user = await userOrThrow(c.req.param('id'));
    const factor = await userFactor(user.id, c.req.param('factorId'));
    const input = await readBody(c, z.object({ friendly_name: z.string().optional(), phone: z.string().optional() }));
    const [updated] = await ctx.db
      .update(factors)
      .set({ friendlyName: input.friendly_name ?? factor.friendlyName, phone: input.phone ? parsePhone(input.phone) : factor.phone, updatedAt: new Date() })
      .where(eq(factors.id, factor.id))
      .returning();
    return c.json(factorJson(updated!));
  });

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    const user = await userOrThrow(c.req.param('id'));
    const factor = await userFactor(user.id, c.req.param('factorId'));
    await unenrollFactor(ctx, factor);
    return c.json(factorJson(factor));
  });

  return app;
}

/** `ban_duration`: a Go duration from now, or `none` to lift a ban; undefined when not given. */
function banUntil(value: string | undefined): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  let ms: number | null;
  try {
    ms = parseGoDuration(value);
  } catch {
    throw new AuthError(400, 'validation_failed', `invalid format for ban duration: ${value}`);
  }
  return ms === null ? null : new Date(Date.now() + ms);
}
