// The `auth` schema: GoTrue's tables, trimmed to what this service implements. Column names follow GoTrue's
// where they exist so an operator who knows Supabase recognises them.
import { sql } from '@citewise/db/orm';
import { bigserial, boolean, index, jsonb, pgSchema, smallint, text, timestamp, uniqueIndex, uuid } from '@citewise/db/pg-core';

export const auth = pgSchema('auth');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = auth.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    aud: text('aud').notNull().default('authenticated'),
    role: text('role').notNull().default('authenticated'),
    /** Lower-cased; null when the user has no email. */
    email: text('email'),
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: at('email_confirmed_at'),
    invitedAt: at('invited_at'),
    confirmationSentAt: at('confirmation_sent_at'),
    recoverySentAt: at('recovery_sent_at'),
    emailChangeSentAt: at('email_change_sent_at'),
    /** Pending email change target, and which halves of a secure change are confirmed (0 none, 1 one). */
    newEmail: text('email_change'),
    emailChangeConfirmStatus: smallint('email_change_confirm_status').notNull().default(0),
    /** Digits without '+'; null when the user has no phone. */
    phone: text('phone'),
    phoneConfirmedAt: at('phone_confirmed_at'),
    newPhone: text('phone_change'),
    phoneChangeSentAt: at('phone_change_sent_at'),
    reauthenticationSentAt: at('reauthentication_sent_at'),
    lastSignInAt: at('last_sign_in_at'),
    appMetadata: jsonb('raw_app_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb('raw_user_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    bannedUntil: at('banned_until'),
    deletedAt: at('deleted_at'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_phone_key')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    index('users_created_at_idx').on(t.createdAt),
    // Trigram indexes (pg_trgm, created by the migration) for the admin API's `filter`: a substring of the address,
    // the name or the phone among many accounts without reading every row.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`(${t.userMetadata} ->> 'full_name') gin_trgm_ops`),
  ],
);

export const identities = auth.table(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The provider's subject: the user id for `email` and `phone` identities. */
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    identityData: jsonb('identity_data').$type<Record<string, unknown>>().notNull(),
    email: text('email'),
    lastSignInAt: at('last_sign_in_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('identities_provider_id_provider_key').on(t.providerId, t.provider), index('identities_user_id_idx').on(t.userId)],
);

export const sessions = auth.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The factor that raised the session to aal2, if any. */
    factorId: uuid('factor_id'),
    aal: text('aal').notNull().default('aal1'),
    refreshedAt: at('refreshed_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const refreshTokens = auth.table(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: text('token').notNull(),
    userId: uuid('user_id').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The token this one replaced. */
    parent: text('parent'),
    revoked: boolean('revoked').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('refresh_tokens_token_key').on(t.token), index('refresh_tokens_session_id_idx').on(t.sessionId, t.revoked)],
);

/** Authentication methods (`amr`) a session went through, newest `created_at` first in the JWT. */
export const amrClaims = auth.table(
  'mfa_amr_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    method: text('authentication_method').notNull(),
    provider: text('provider'),
    ...timestamps,
  },
  (t) => [uniqueIndex('mfa_amr_claims_session_id_method_key').on(t.sessionId, t.method)],
);

export const oneTimeTokens = auth.table(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirmation, recovery, reauthentication, email_change_current, email_change_new, phone_change */
    tokenType: text('token_type').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the token was sent to. */
    relatesTo: text('relates_to').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('one_time_tokens_user_type_key').on(t.userId, t.tokenType), index('one_time_tokens_hash_idx').on(t.tokenHash)],
);

export const factors = auth.table(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type').notNull(),
    status: text('status').notNull().default('unverified'),
    secret: text('secret'),
    phone: text('phone'),
    lastChallengedAt: at('last_challenged_at'),
    ...timestamps,
  },
  (t) => [index('mfa_factors_user_id_idx').on(t.userId)],
);

export const challenges = auth.table('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => factors.id, { onDelete: 'cascade' }),
  ipAddress: text('ip_address').notNull(),
  /** Hash of the code sent by SMS for phone factors. */
  otpCode: text('otp_code'),
  verifiedAt: at('verified_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** PKCE and OAuth flow states. */
export const flowStates = auth.table(
  'flow_state',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    authCode: text('auth_code').notNull(),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    providerType: text('provider_type').notNull(),
    providerAccessToken: text('provider_access_token'),
    providerRefreshToken: text('provider_refresh_token'),
    /** `recovery`, `magiclink`, `signup`, `oauth`, `email_change`, … */
    authenticationMethod: text('authentication_method').notNull(),
    redirectTo: text('redirect_to'),
    /** OAuth: the identity being linked to an existing user, and the nonce sent to the provider. */
    linkingUserId: uuid('linking_user_id'),
    authCodeIssuedAt: at('auth_code_issued_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('flow_state_auth_code_key').on(t.authCode)],
);

/** The dev mailbox: every mail and SMS the service would send, when no real provider is configured. */
export const mailbox = auth.table(
  'mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    channel: text('channel').notNull(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    token: text('token'),
    tokenHash: text('token_hash'),
    link: text('link'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('mailbox_to_idx').on(t.to, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Identity = typeof identities.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Factor = typeof factors.$inferSelect;
