// Users and identities: look-ups, creation, and the JSON shape GoTrue answers with (docs/protocols/supabase-auth.md
// §2.1–2.3).
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from '@citewise/db/orm';
import { queryPrepared, type Database } from '@citewise/db';
import { factors, identities, users, type Factor, type Identity, type User } from './db/schema';

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function isBanned(user: User, now = new Date()) {
  return Boolean(user.bannedUntil && user.bannedUntil > now);
}

export function identityJson(identity: Identity) {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    email: identity.email ?? undefined,
  };
}

export function factorJson(factor: Factor) {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName ?? undefined,
    factor_type: factor.factorType,
    status: factor.status,
    phone: factor.phone ?? undefined,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
    last_challenged_at: iso(factor.lastChallengedAt),
  };
}

export function userJson(user: User, userIdentities: Identity[], userFactors: Factor[]) {
  const confirmed = [user.emailConfirmedAt, user.phoneConfirmedAt].filter((d): d is Date => Boolean(d));
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phoneConfirmedAt),
    confirmed_at: confirmed.length ? new Date(Math.min(...confirmed.map(Number))).toISOString() : undefined,
    confirmation_sent_at: iso(user.confirmationSentAt),
    recovery_sent_at: iso(user.recoverySentAt),
    email_change_sent_at: iso(user.emailChangeSentAt),
    new_email: user.newEmail || undefined,
    phone_change_sent_at: iso(user.phoneChangeSentAt),
    new_phone: user.newPhone || undefined,
    reauthentication_sent_at: iso(user.reauthenticationSentAt),
    invited_at: iso(user.invitedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: userIdentities.map(identityJson),
    factors: userFactors.length ? userFactors.map(factorJson) : undefined,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    banned_until: iso(user.bannedUntil),
    deleted_at: iso(user.deletedAt),
    is_anonymous: user.isAnonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/** A user with identities and factors, as JSON. */
export async function loadUserJson(db: Tx, user: User) {
  const [ids, fs] = await Promise.all([
    db.select().from(identities).where(eq(identities.userId, user.id)).orderBy(asc(identities.createdAt)),
    db.select().from(factors).where(eq(factors.userId, user.id)).orderBy(asc(factors.createdAt)),
  ]);
  return userJson(user, ids, fs);
}

/** A row of `table` from `row_to_json` (column names, timestamps as text) under its field names and types. */
function fromJson<T>(table: typeof users | typeof identities | typeof factors, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[field] = value !== null && value !== undefined && column.columnType === 'PgTimestamp' ? new Date(value as string) : value;
  }
  return row as T;
}

/**
 * Three columns, `user`, `identities` and `factors`: the row of the user whose id is `userId` (an expression of the
 * statement they are put in) and its identities and factors, as JSON; userWithJsonOf reads them.
 */
export const userWithJsonColumns = (userId: SQL) => sql`
  (select row_to_json(one_user) from ${users} one_user where one_user.id = ${userId}) as "user",
  (select coalesce(json_agg(row_to_json(one_identity) order by one_identity.created_at), '[]'::json)
    from ${identities} one_identity where one_identity.user_id = ${userId}) as identities,
  (select coalesce(json_agg(row_to_json(one_factor) order by one_factor.created_at), '[]'::json)
    from ${factors} one_factor where one_factor.user_id = ${userId}) as factors`;

/** The user and its GoTrue JSON from the columns of userWithJsonColumns. */
export function userWithJsonOf(row: Record<string, unknown>): { user: User; json: UserJson } {
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const user = fromJson<User>(users, parse(row.user));
  const userIdentities = (parse(row.identities) as unknown as Array<Record<string, unknown>>).map((json) => fromJson<Identity>(identities, json));
  const userFactors = (parse(row.factors) as unknown as Array<Record<string, unknown>>).map((json) => fromJson<Factor>(factors, json));
  return { user, json: userJson(user, userIdentities, userFactors) };
}

/**
 * The user `id` (or the one with this email or phone) and its JSON with identities and factors, in one statement
 * (what loadUserJson reads in three). Sign-in and refresh send it on every request: it is a prepared statement.
 */
export async function loadUserWithJson(db: Tx, key: string | { email: string } | { phone: string }) {
  const [kind, where] =
    typeof key === 'string'
      ? (['id', sql`id = ${key}::uuid`] as const)
      : 'email' in key
        ? (['email', sql`email = ${key.email}`] as const)
        : (['phone', sql`phone = ${key.phone}`] as const);
  const [row] = await queryPrepared<Record<string, unknown>>(
    db,
    `auth_user_by_${kind}`,
    sql`
    select ${userWithJsonColumns(sql`found.id`)} from (select id from ${users} where ${where} limit 1) found`,
  );
  return row?.user ? userWithJsonOf(row) : undefined;
}

/** loadUserJson() for a page of users in two queries, not two per user (the admin list). */
export async function loadUsersJson(db: Tx, list: User[]) {
  if (list.length === 0) return [];
  const ids = list.map((user) => user.id);
  const [allIdentities, allFactors] = await Promise.all([
    db.select().from(identities).where(inArray(identities.userId, ids)).orderBy(asc(identities.createdAt)),
    db.select().from(factors).where(inArray(factors.userId, ids)).orderBy(asc(factors.createdAt)),
  ]);
  return list.map((user) =>
    userJson(
      user,
      allIdentities.filter((identity) => identity.userId === user.id),
      allFactors.filter((factor) => factor.userId === user.id),
    ),
  );
}

export async function findUserById(db: Tx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Tx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserByPhone(db: Tx, phone: string) {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

/** Adds `provider` to app_metadata.providers (and sets `provider` if it is the first). */
export function withProvider(appMetadata: Record<string, unknown>, provider: string) {
  const providers = Array.isArray(appMetadata.providers) ? (appMetadata.providers as string[]) : [];
  return {
    ...appMetadata,
    provider: appMetadata.provider ?? provider,
    providers: providers.includes(provider) ? providers : [...providers, provider],
  };
}

/** Merges user-supplied metadata the GoTrue way: keys merge, a null value deletes the key. */
export { mergeMetadata } from './metadata';

export async function upsertIdentity(
  db: Tx,
  input: { userId: string; provider: string; providerId: string; data: Record<string, unknown>; email?: string | null },
) {
  const [row] = await db
    .insert(identities)
    .values({
      userId: input.userId,
      provider: input.provider,
      providerId: input.providerId,
      identityData: input.data,
      email: input.email ?? null,
      lastSignInAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [identities.providerId, identities.provider],
      set: { identityData: input.data, email: input.email ?? null, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function findIdentity(db: Tx, provider: string, providerId: string) {
  const [row] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.providerId, providerId)))
    .limit(1);
  return row;
}

/** Sets `email_verified`/`phone_verified` in the user's metadata and identity data after a confirmation. */
export async function markVerified(db: Tx, user: User, field: 'email_verified' | 'phone_verified') {
  const provider = field === 'email_verified' ? 'email' : 'phone';
  await db
    .update(identities)
    .set({ identityData: sql`${identities.identityData} || ${JSON.stringify({ [field]: true })}::jsonb`, updatedAt: new Date() })
    .where(and(eq(identities.userId, user.id), eq(identities.provider, provider)));
  const [updated] = await db
    .update(users)
    .set({ userMetadata: { ...user.userMetadata, [field]: true }, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}
