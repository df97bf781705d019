import { z } from 'zod';
import { plans } from '@/config/plans';

const uuid = z.uuid({ message: 'invalid' });

/** A query parameter that may be left out or sent empty (a cleared filter). */
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const accountStatuses = ['active', 'unconfirmed', 'banned', 'deleted'] as const;

/** GET /api/admin/overview */
export const overviewPeriods = [7, 30, 90] as const;
export const overviewSchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.union(overviewPeriods.map((days) => z.literal(days)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>]))
    .default(30),
});

/** GET /api/admin/users */
export const listUsersSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  query: z.string().trim().max(200).default(''),
  sort: z.enum(['created_at desc', 'created_at asc']).default('created_at desc'),
  // Filters (absent or empty: any). They combine with each other and with the search.
  plan: optionalParam(z.enum(['free', ...plans.filter((plan) => plan.id !== 'free').map((plan) => plan.id)] as [string, ...string[]])),
  status: optionalParam(z.enum(accountStatuses)),
  provider: optionalParam(z.string().regex(/^[a-z0-9_-]{1,40}$/, { message: 'invalid' })),
  two_step: optionalParam(z.enum(['yes', 'no'])),
});
export type ListUsersInput = z.infer<typeof listUsersSchema>;

/** A Go duration as the auth service takes it (`24h`, `876000h`), or `none` to lift a ban. */
export const banDurations = ['1h', '24h', '168h', '720h', '876000h'] as const;

/**
 * POST /api/admin/users: a new account with a password the admin sets (confirmed at once unless asked otherwise;
 * no mail is sent), or, with `method: 'invite'`, an invitation mailed to the address, whose link lets the person
 * choose their own password.
 */
export const createUserSchema = z
  .object({
    method: z.enum(['password', 'invite']).default('password'),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'email_invalid' })),
    password: z.string().min(8).max(72).optional(),
    email_confirm: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    if (input.method === 'password' && input.password === undefined) context.addIssue({ code: 'custom', path: ['password'], message: 'required' });
  });
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/admin/users/{id} */
export const updateUserSchema = z.object({
  ban_duration: z.union([z.literal('none'), z.string().regex(/^\d{1,7}h$/, { message: 'invalid' })]),
});

/** PUT /api/admin/users/{id}/plan: a complimentary plan until the end date (never through Stripe). */
export const givePlanSchema = z.object({
  plan: z.enum(plans.filter((plan) => plan.id !== 'free').map((plan) => plan.id) as ['pro', 'team']),
  until: z.iso.date({ message: 'invalid' }).refine((day) => Date.parse(`${day}T23:59:59Z`) > Date.now(), { message: 'invalid' }),
});

/** POST /api/admin/users/{id}/links */
export const sendLinkSchema = z.object({ type: z.enum(['recovery', 'magiclink', 'invite', 'signup']) });
export type SendLinkInput = z.infer<typeof sendLinkSchema>;

/** GET /api/admin/audit */
export const listAuditSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().trim().max(60).optional(),
  target: uuid.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ListAuditInput = z.infer<typeof listAuditSchema>;

export const userIdSchema = uuid;
