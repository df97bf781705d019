// Input rules of the sign-in and sign-up forms and their API routes (docs/product.md §5), shared by both. Messages are
// keys under `validation.*` in the message files; the API and the forms translate them.
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const emailField = z
  .string({ message: 'email_invalid' })
  .trim()
  .toLowerCase()
  .max(255, 'email_invalid')
  .pipe(z.email({ message: 'email_invalid' }));

/**
 * International format (E.164): an optional `+`, then 2–15 digits not starting with 0, forming a number that exists in
 * its country's plan (libphonenumber-js); spaces, dashes, dots and brackets are ignored. "12" is refused, not texted.
 */
export const phoneField = z
  .string({ message: 'phone_invalid' })
  .transform((value) => value.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+?[1-9]\d{1,14}$/, 'phone_invalid'))
  .transform((value) => (value.startsWith('+') ? value : `+${value}`))
  .refine((value) => isValidPhoneNumber(value), 'phone_invalid');

/** bcrypt reads at most 72 bytes, so longer passwords are refused rather than silently cut. */
export const passwordField = z
  .string({ message: 'password_required' })
  .min(1, 'password_required')
  .refine((value) => new TextEncoder().encode(value).length <= 72, 'password_too_long');

const credentialsShape = {
  email: z.preprocess(blankToUndefined, emailField.optional()),
  phone: z.preprocess(blankToUndefined, phoneField.optional()),
  password: z.preprocess(blankToUndefined, passwordField.optional()),
};

type Credentials = { email?: string; phone?: string; password?: string };

/** docs/product.md §5: an email or a phone, plus a password — otherwise one message for the whole form. */
function requireCredentials(value: Credentials, ctx: z.RefinementCtx) {
  if ((!value.email && !value.phone) || !value.password) {
    ctx.addIssue({ code: 'custom', path: [], message: 'credentials_required' });
  } else if (value.email && value.phone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'email_or_phone' });
  }
}

export const signInSchema = z.object(credentialsShape).superRefine(requireCredentials);
export type SignInInput = z.infer<typeof signInSchema>;

/** The plan chosen on the pricing page, carried through sign-up (`/auth/signup?plan=pro&interval=yearly&currency=cny`). */
export const planChoiceSchema = z.object({
  plan: z.enum(['free', 'pro', 'team']),
  interval: z.enum(['monthly', 'yearly']).default('monthly'),
  currency: z.enum(['usd', 'cny']).default('usd'),
});
export type PlanChoice = z.infer<typeof planChoiceSchema>;

export const signUpSchema = z
  .object({
    ...credentialsShape,
    /** Where the confirmation link should finally lead (a path on this site; checked by safeRedirect). */
    redirect: z.string().max(2048).optional(),
    planChoice: planChoiceSchema.optional(),
  })
  .superRefine(requireCredentials);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const sendPhoneCodeSchema = z.object({ phone: phoneField });

export const verifyPhoneCodeSchema = z.object({
  phone: phoneField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6,10}$/, 'code_format'),
});

export const emailOnlySchema = z.object({ email: emailField });

/** The six-digit code a sign-up, sign-in-link or password-reset mail ends with, entered instead of opening its link. */
export const verifyMailCodeSchema = z.object({
  email: emailField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'code_format'),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'code_format'),
});

export const newPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], message: 'passwords_differ' });

export const oauthStartSchema = z.object({
  provider: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, 'provider_unknown'),
  redirect: z.string().max(2048).optional(),
  /** The language of the page the button was on (for the pages that follow). */
  locale: z.enum(['en', 'zh']).optional(),
});

/** The query of the pages mailed links and OAuth come back to. */
export const callbackSchema = z.object({
  code: z.string().max(200).optional(),
  next: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_code: z.string().max(100).optional(),
  error_description: z.string().max(500).optional(),
});

/** /api/auth/confirm and its page: a mailed link without PKCE (sent by an admin), verified by its token hash on a click. */
export const confirmSchema = z.object({
  token_hash: z.string().min(1).max(200),
  type: z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']),
  next: z.string().max(2048).optional(),
});
export type ConfirmLink = z.infer<typeof confirmSchema>;

export const passwordCheckSchema = z.object({ password: z.string().max(200) });

/** Why the sign-in page is shown again after a session ended before its token expired (`?reason=`; auth.signIn.ended.*). */
export const sessionEndReasons = ['session_ended', 'account_suspended', 'account_deleted'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];
export const isSessionEndReason = (value: unknown): value is SessionEndReason => sessionEndReasons.includes(value as SessionEndReason);
