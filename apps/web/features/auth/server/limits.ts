import type { RouteRateLimit } from '@/lib/route';

/**
 * Limits of the product's auth API, on top of the auth service's own per-address limits. Guessing is
 * limited per address and account together, so one address cannot try many passwords on one account and a
 * busy shared address (a campus network) does not lock everyone out.
 */
const perAccount = (input: { email?: string; phone?: string } | undefined) => input?.email ?? input?.phone ?? '-';

export const authLimits = {
  signInPerAccount: {
    name: 'auth-signin-account',
    points: 10,
    durationSeconds: 5 * 60,
    key: ({ ip, input }) => `${ip}|${perAccount(input)}`,
  },
  signUpPerAddress: { name: 'auth-signup', points: 30, durationSeconds: 10 * 60 },
  phoneCodePerNumber: {
    name: 'auth-phone-code-number',
    points: 5,
    durationSeconds: 10 * 60,
    key: ({ ip, input }) => `${ip}|${perAccount(input)}`,
  },
  phoneCodePerAddress: { name: 'auth-phone-code', points: 20, durationSeconds: 10 * 60 },
  oauthPerAddress: { name: 'auth-oauth', points: 30, durationSeconds: 5 * 60 },
  passwordCheckPerAddress: { name: 'auth-password-check', points: 120, durationSeconds: 60 },
} satisfies Record<string, RouteRateLimit<{ email?: string; phone?: string } | undefined>>;
