import { z } from 'zod';

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value);

/** Server-side configuration, read once. Every variable is listed in the README. */
const schema = z.object({
  SITE_URL: z
    .url({ message: 'SITE_URL must be an absolute URL such as https://citewise.example' })
    .default(`http://localhost:${process.env.PORT?.trim() || '3000'}`)
    .transform((url) => url.replace(/\/+$/, '')),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** A hosted Supabase project instead of the built-in auth service (read at run time). */
  SUPABASE_URL: z.preprocess(blank, z.url({ message: 'SUPABASE_URL must be an absolute URL such as https://abc.supabase.co' }).optional()),
  SUPABASE_ANON_KEY: z.preprocess(blank, z.string().optional()),
  /** With SUPABASE_URL: the project's service-role key, for server-only admin calls (account deletion). */
  SUPABASE_SERVICE_ROLE_KEY: z.preprocess(blank, z.string().optional()),
  /** Shared counters for rate limits across instances. */
  REDIS_URL: z.preprocess(blank, z.url({ message: 'REDIS_URL must look like redis://host:6379' }).optional()),
  /**
   * How long (ms) the answer of the session check is kept (lib/auth/session-state.ts): a sign-out everywhere, a ban
   * or a deletion reaches a token that is still valid within this time. At most 5 s; 0 asks on every request.
   */
  SESSION_CHECK_TTL_MS: z.preprocess(
    blank,
    z.coerce
      .number({ message: 'SESSION_CHECK_TTL_MS must be a whole number of milliseconds from 0 to 5000' })
      .int({ message: 'SESSION_CHECK_TTL_MS must be a whole number of milliseconds from 0 to 5000' })
      .min(0, { message: 'SESSION_CHECK_TTL_MS must be a whole number of milliseconds from 0 to 5000' })
      .max(5000, { message: 'SESSION_CHECK_TTL_MS must be a whole number of milliseconds from 0 to 5000' })
      .default(2000),
  ),
  /** Addresses (comma-separated) that are admins as soon as their account exists and the address is confirmed. */
  ADMIN_EMAILS: z.preprocess(
    blank,
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  /** Whether everything under /admin needs a verified second factor in the session (aal2). */
  ADMIN_REQUIRE_MFA: z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { message: 'ADMIN_REQUIRE_MFA must be true or false' })
      .default('true')
      .transform((value) => value === 'true'),
  ),
  /**
   * Tests only: addresses (comma-separated IPs) that links the server fetches for a user may reach although they
   * are private or loopback (packages/scholar remote-fetch.ts `allowAddresses`), so the end-to-end tests can serve
   * an open-access PDF from this machine. Never set in a deployment.
   */
  REMOTE_FETCH_ALLOW_ADDRESSES: z.preprocess(
    blank,
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      ),
  ),
});

export const env = schema.parse(process.env);
