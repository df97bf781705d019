import { changeSubscription } from '@/features/billing/server/manage';
import { changeSubscriptionSchema } from '@/features/billing/schema';
import { route } from '@/lib/route';

// POST /api/billing/subscription – cancel at period end, resume, or change plan (the webhook applies the result)
export const POST = route(
  { input: changeSubscriptionSchema, auth: 'required', rateLimit: [{ name: 'billing-change', points: 30, durationSeconds: 60, key: ({ user }) => user!.id }] },
  ({ input, user }) => changeSubscription(user, input),
);
