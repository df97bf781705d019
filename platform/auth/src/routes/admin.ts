// The admin API (service-role JWT): users CRUD with pagination and user factors here, invite and generate_link in
// admin-links.ts (docs/protocols/supabase-auth.md §3.16).
import { and, asc, count, desc, eq, ilike, or, sql } from '@citewise/db/orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { parseEmail, parsePhone } from '../addresses';
import { banUntil, createUser, passwordHashOf, userOrThrow, UUID } from '../admin-users';
import type { AuthContext } from '../context';
import { factors, flowStates, identities, oneTimeTokens, sessions, users, type User } from '../db/schema';
import { AuthError } from '../errors';
import { metadataField } from '../metadata';
import { readBody } from '../request';
import { authenticateAdmin } from '../tokens';
import { factorJson, findUserByEmail, findUserByPhone, loadUserJson, loadUsersJson, mergeMetadata, upsertIdentity } from '../users';
import { addAdminLinkRoutes } from './admin-links';
import { unenrollFactor } from './factors';

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
  addAdminLinkRoutes(app, ctx);

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
    const where = filter
      ? or(ilike(users.email, pattern), ilike(sql`${users.userMetadata}->>'full_name'`, pattern), ilike(users.phone, phonePattern))
      : undefined;
    const ascending = /^created_at\s+asc$/i.test(c.req.query('sort') ?? '');
    const [rows, totals] = await Promise.all([
      ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(ascending ? asc(users.createdAt) : desc(users.createdAt), asc(users.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
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
    let user = await createUser(ctx, {
      email,
      phone,
      passwordHash: await passwordHashOf(ctx, input, false),
      confirmEmail: input.email_confirm,
      confirmPhone: input.phone_confirm,
      userMetadata: input.user_metadata ?? {},
      appMetadata: input.app_metadata ?? {},
      role: input.role,
      id: input.id,
      aud: input.aud,
    });
    if (banned !== undefined) [user] = (await ctx.db.update(users).set({ bannedUntil: banned }).where(eq(users.id, user.id)).returning()) as [User];
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.get('/admin/users/:id', async (c) => c.json(await loadUserJson(ctx.db, await userOrThrow(ctx, c.req.param('id')))));

  app.put('/admin/users/:id', async (c) => {
    let user = await userOrThrow(ctx, c.req.param('id'));
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
      await upsertIdentity(ctx.db, {
        userId: user.id,
        provider: 'email',
        providerId: user.id,
        email,
        data: { sub: user.id, email, email_verified: Boolean(input.email_confirm), phone_verified: false },
      });
    }
    if (input.phone !== undefined) {
      const phone = parsePhone(input.phone);
      const taken = await findUserByPhone(ctx.db, phone);
      if (taken && taken.id !== user.id) throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
      patch.phone = phone;
      await upsertIdentity(ctx.db, {
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        data: { sub: user.id, phone, phone_verified: Boolean(input.phone_confirm), email_verified: false },
      });
    }
    if (input.email_confirm) patch.emailConfirmedAt = user.emailConfirmedAt ?? new Date();
    if (input.phone_confirm) patch.phoneConfirmedAt = user.phoneConfirmedAt ?? new Date();
    const passwordHash = await passwordHashOf(ctx, input, true);
    if (passwordHash) patch.encryptedPassword = passwordHash;
    [user] = (await ctx.db.update(users).set(patch).where(eq(users.id, user.id)).returning()) as [User];
    // A password set by an admin signs the user out everywhere.
    if (passwordHash) await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await userOrThrow(ctx, c.req.param('id'));
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
      await tx
        .update(identities)
        .set({ identityData: {}, providerId: sql`${identities.providerId} || '-deleted-' || ${identities.id}`, email: null })
        .where(eq(identities.userId, user.id));
      await tx
        .update(users)
        .set({
          deletedAt: new Date(),
          email: null,
          phone: null,
          newEmail: null,
          newPhone: null,
          encryptedPassword: null,
          userMetadata: {},
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
    });
    return c.json({});
  });

  app.get('/admin/users/:id/factors', async (c) => {
    const user = await userOrThrow(ctx, c.req.param('id'));
    const rows = await ctx.db.select().from(factors).where(eq(factors.userId, user.id)).orderBy(asc(factors.createdAt));
    return c.json(rows.map(factorJson));
  });

  async function userFactor(userId: string, factorId: string) {
    const [factor] = UUID.test(factorId)
      ? await ctx.db
          .select()
          .from(factors)
          .where(and(eq(factors.id, factorId), eq(factors.userId, userId)))
          .limit(1)
      : [];
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  app.put('/admin/users/:id/factors/:factorId', async (c) => {
    const user = await userOrThrow(ctx, c.req.param('id'));
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
    const user = await userOrThrow(ctx, c.req.param('id'));
    const factor = await userFactor(user.id, c.req.param('factorId'));
    await unenrollFactor(ctx, factor);
    return c.json(factorJson(factor));
  });

  return app;
}
