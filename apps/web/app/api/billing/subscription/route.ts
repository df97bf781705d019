import { changeSubscription } from '@/features/billing/server/manage';
import { changeSubscriptionSchema } from '@/features/billing/schema';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/billing/subscription – cancel at period end, resume, or change plan (the webhook applies the result)
export const POST = route(
  { input: changeSubscriptionSchema, auth: 'required', rateLimit: [{ name: 'billing-change', points: 30, durationSeconds: 60, key: ({ user }) => user!.id }] },
  ({ input, user }) => changeSubscription(user, input),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
