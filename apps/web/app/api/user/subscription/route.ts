import { getSubscription } from '@/features/account/server/get-subscription';
import { route } from '@/lib/route';

// GET /api/user/subscription – the signed-in user's plan
export const GET = route(
  { auth: 'required', rateLimit: [{ name: 'user-subscription', points: 120, durationSeconds: 60, key: ({ user }) => user!.id }] },
  async ({ user }) => {
    const subscription = await getSubscription(user.claims);
    return { plan: { id: subscription.plan.id, features: subscription.plan.features }, status: subscription.status, since: subscription.since };
  },
);
