import { getSubscription } from '@/features/entitlements/server/get-subscription';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/user/subscription – the signed-in user's plan and the state of its subscription
export const GET = route(
  { auth: 'required', rateLimit: [{ name: 'user-subscription', points: 120, durationSeconds: 60, key: ({ user }) => user!.id }] },
  async ({ user }) => {
    const subscription = await getSubscription(user.claims);
    return {
      plan: { id: subscription.plan.id, features: subscription.plan.features },
      status: subscription.status,
      interval: subscription.interval,
      currency: subscription.currency,
      seats: subscription.seats,
      current_period_end: subscription.currentPeriodEnd,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      complimentary: subscription.complimentary,
      since: subscription.since,
      through_team: subscription.throughTeam,
    };
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
