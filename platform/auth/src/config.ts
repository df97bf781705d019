// The service's settings, read once from environment variables named after GoTrue's (`AUTH_` in place of
// `GOTRUE_`). Defaults are GoTrue's own unless a comment says otherwise. Every variable is in the README.
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));
const seconds = (fallback: number, min = 0) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .optional()
    .transform((v) => v ?? fallback);
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const schema = z.object({
  SITE_URL: z.url().optional(),
  PORT: z.string().trim().optional(),
  AUTH_SITE_URL: z.url().optional(),
  AUTH_EXTERNAL_URL: z.url().optional(),
  AUTH_SITE_NAME: z.string().default('Citewise'),
  AUTH_URI_ALLOW_LIST: list,
  AUTH_DISABLE_SIGNUP: bool(false),
  AUTH_EXTERNAL_EMAIL_ENABLED: bool(true),
  AUTH_EXTERNAL_PHONE_ENABLED: bool(true),
  AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED: bool(false),
  AUTH_MAILER_AUTOCONFIRM: bool(false),
  AUTH_SMS_AUTOCONFIRM: bool(false),
  AUTH_MAILER_SECURE_EMAIL_CHANGE_ENABLED: bool(true),
  // Hosted Supabase's default (one hour) rather than GoTrue's one day: a 6-digit code should not live long.
  AUTH_MAILER_OTP_EXP: seconds(3600, 60),
  // Ours, in place of GoTrue's mail templates: where mailed links of flows without PKCE lead — a page of the product
  // that verifies `token_hash` + `type` itself (Supabase's SSR guide: `{{ .SiteURL }}/auth/confirm?token_hash=…`),
  // with `next` = the flow's redirect_to. A path is taken on SITE_URL. Unset: the links go to this service's /verify.
  AUTH_MAILER_CONFIRM_URL: optionalString,
  AUTH_MAILER_OTP_LENGTH: z.coerce.number().int().min(6).max(10).default(6),
  AUTH_SMS_OTP_EXP: seconds(60, 30),
  AUTH_SMS_OTP_LENGTH: z.coerce.number().int().min(6).max(10).default(6),
  AUTH_SMTP_MAX_FREQUENCY: seconds(60),
  AUTH_SMS_MAX_FREQUENCY: seconds(60),
  AUTH_EXTERNAL_FLOW_STATE_EXPIRY_DURATION: seconds(300, 300),
  AUTH_JWT_EXP: seconds(3600, 30),
  AUTH_JWT_AUD: z.string().default('authenticated'),
  AUTH_JWT_DEFAULT_GROUP_NAME: z.string().default('authenticated'),
  AUTH_JWT_ADMIN_ROLES: list.transform((v) => (v.length ? v : ['service_role', 'supabase_admin'])),
  AUTH_JWT_ISSUER: optionalString,
  AUTH_JWT_KEYS: optionalString,
  AUTH_ANON_KEY: optionalString,
  AUTH_SERVICE_ROLE_KEY: optionalString,
  AUTH_PASSWORD_MIN_LENGTH: z.coerce
    .number()
    .int()
    .default(6)
    .transform((v) => Math.max(v, 6)),
  AUTH_PASSWORD_REQUIRED_CHARACTERS: optionalString,
  // Ours: refuse passwords from the bundled list of common passwords (reason `pwned`). GoTrue asks HIBP online.
  AUTH_PASSWORD_REJECT_COMMON: bool(true),
  AUTH_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED: bool(true),
  // Hosted Supabase's 10 s, so two tabs refreshing at once both succeed (GoTrue's code default is 0).
  AUTH_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: seconds(10),
  AUTH_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: bool(false),
  AUTH_SECURITY_MANUAL_LINKING_ENABLED: bool(false),
  AUTH_MFA_TOTP_ENROLL_ENABLED: bool(true),
  AUTH_MFA_TOTP_VERIFY_ENABLED: bool(true),
  AUTH_MFA_PHONE_ENROLL_ENABLED: bool(false),
  AUTH_MFA_PHONE_VERIFY_ENABLED: bool(false),
  AUTH_MFA_CHALLENGE_EXPIRY_DURATION: seconds(300, 30),
  AUTH_MFA_MAX_ENROLLED_FACTORS: z.coerce.number().int().min(1).default(10),
  AUTH_MFA_MAX_VERIFIED_FACTORS: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_DISABLED: bool(false),
  AUTH_RATE_LIMIT_HEADER: z.string().default('x-forwarded-for'),
  AUTH_RATE_LIMIT_EMAIL_SENT: optionalString,
  AUTH_RATE_LIMIT_SMS_SENT: optionalString,
  AUTH_RATE_LIMIT_TOKEN_REFRESH: optionalString,
  AUTH_RATE_LIMIT_VERIFY: optionalString,
  AUTH_RATE_LIMIT_OTP: optionalString,
  AUTH_RATE_LIMIT_ANONYMOUS_USERS: optionalString,
  AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: optionalString,
  // Ours: failed password checks per account and address, and per account from all addresses (`N/duration`).
  AUTH_RATE_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT_ADDRESS: optionalString,
  AUTH_RATE_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT: optionalString,
  // The product's Redis; with it, rate-limit counters are shared by every instance.
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  AUTH_SMTP_ADMIN_EMAIL: z.string().default('no-reply@citewise.local'),
  AUTH_SMTP_SENDER_NAME: optionalString,
  AUTH_SMS_PROVIDER: z.enum(['twilio', '']).optional(),
  AUTH_SMS_TWILIO_ACCOUNT_SID: optionalString,
  AUTH_SMS_TWILIO_AUTH_TOKEN: optionalString,
  AUTH_SMS_TWILIO_MESSAGE_SERVICE_SID: optionalString,
  AUTH_SMS_TWILIO_FROM: optionalString,
  AUTH_SMS_TWILIO_URL: optionalString,
  MAILBOX_ENABLED: bool(false),
  // Ours: the key that opens the dev mailbox; generated into DATA_DIR when unset (instances sharing a database share it).
  AUTH_MAILBOX_KEY: z.string().trim().min(24, 'must be at least 24 characters').optional(),
});

export type AuthEnv = z.infer<typeof schema>;

export interface AuthConfig extends AuthEnv {
  siteUrl: string;
  /** Public base of this service, e.g. https://citewise.example/platform/auth/v1 (links in mails, OAuth callback). */
  externalUrl: string;
  /** AUTH_MAILER_CONFIRM_URL made absolute, or null. */
  confirmUrl: string | null;
  issuer: string;
  /** Whether mail and SMS are recorded in the dev mailbox (and readable at /platform/mailbox). */
  mailboxEnabled: boolean;
  env: Record<string, string | undefined>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid auth configuration: ${details}`);
  }
  const values = parsed.data;
  // Without SITE_URL the product answers on this machine, on the port it listens on.
  const siteUrl = (values.AUTH_SITE_URL ?? values.SITE_URL ?? `http://localhost:${values.PORT || '3000'}`).replace(/\/$/, '');
  const externalUrl = (values.AUTH_EXTERNAL_URL ?? `${siteUrl}/platform/auth/v1`).replace(/\/$/, '');
  if (values.AUTH_SMS_PROVIDER === 'twilio' && !(values.AUTH_SMS_TWILIO_ACCOUNT_SID && values.AUTH_SMS_TWILIO_AUTH_TOKEN)) {
    throw new ConfigError('AUTH_SMS_PROVIDER=twilio needs AUTH_SMS_TWILIO_ACCOUNT_SID and AUTH_SMS_TWILIO_AUTH_TOKEN');
  }
  const realProvider = Boolean(values.SMTP_URL) || values.AUTH_SMS_PROVIDER === 'twilio';
  return {
    ...values,
    siteUrl,
    externalUrl,
    confirmUrl: values.AUTH_MAILER_CONFIRM_URL ? new URL(values.AUTH_MAILER_CONFIRM_URL, `${siteUrl}/`).toString() : null,
    issuer: values.AUTH_JWT_ISSUER ?? externalUrl,
    mailboxEnabled: values.MAILBOX_ENABLED || !realProvider,
    env,
  };
}
