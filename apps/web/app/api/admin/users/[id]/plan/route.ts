import { givePlanSchema } from '@/features/admin/schema';
import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { giveComplimentaryPlan, takeComplimentaryPlan } from '@/features/admin/server/complimentary-plan';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// PUT /api/admin/users/{id}/plan – give a plan by hand until a day (complimentary; Stripe is not involved)
export const PUT = route({ input: givePlanSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input, params, user, ip }) =>
  giveComplimentaryPlan({ user, ip }, idParam(params, 'id'), input),
);

// DELETE /api/admin/users/{id}/plan – take a plan given by hand away (the account is on Free at once)
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) => takeComplimentaryPlan({ user, ip }, idParam(params, 'id')));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PATCH } = otherMethods({ PUT, DELETE });
