// What the admin API's routes share (routes/admin.ts, routes/admin-links.ts): finding a user by id, creating one
// with its identities, and reading a password or bcrypt hash or a ban duration from a request
// (docs/protocols/supabase-auth.md §3.16).
import { AuthError } from './errors';
import type { AuthContext } from './context';
import { identities, users } from './db/schema';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { parseGoDuration } from './security/duration';
import { findUserById } from './users';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function userOrThrow(ctx: AuthContext, id: string) {
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

export async function createUser(
  ctx: AuthContext,
  input: {
    email?: string;
    phone?: string;
    passwordHash: string | null;
    confirmEmail?: boolean;
    confirmPhone?: boolean;
    userMetadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    role?: string;
    id?: string;
    aud?: string;
    invited?: boolean;
  },
) {
  return ctx.db.transaction(async (tx) => {
    const providers = [input.email ? 'email' : null, input.phone ? 'phone' : null].filter((p): p is string => Boolean(p));
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        ...(input.id ? { id: input.id } : {}),
        aud: input.aud ?? ctx.config.AUTH_JWT_AUD,
        role: input.role ?? ctx.config.AUTH_JWT_DEFAULT_GROUP_NAME,
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
        identityData: {
          sub: user!.id,
          [provider]: address,
          email_verified: provider === 'email' && verified,
          phone_verified: provider === 'phone' && verified,
        },
      });
    }
    return user!;
  });
}

export async function passwordHashOf(ctx: AuthContext, input: { password?: string; password_hash?: string }, check: boolean) {
  if (input.password_hash) {
    if (!/^\$2[aby]\$\d{2}\$/.test(input.password_hash))
      throw new AuthError(400, 'validation_failed', 'Invalid password hash format: only bcrypt hashes are supported');
    return input.password_hash;
  }
  if (input.password) {
    if (check) assertAcceptablePassword(ctx.config, input.password);
    return hashPassword(input.password);
  }
  return null;
}

/** `ban_duration`: a Go duration from now, or `none` to lift a ban; undefined when not given. */
export function banUntil(value: string | undefined): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  let ms: number | null;
  try {
    ms = parseGoDuration(value);
  } catch {
    throw new AuthError(400, 'validation_failed', `invalid format for ban duration: ${value}`);
  }
  return ms === null ? null : new Date(Date.now() + ms);
}
