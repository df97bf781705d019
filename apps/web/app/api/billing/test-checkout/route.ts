import { seatsFor } from '@/features/billing/server/checkout';
import { testCheckout } from '@/features/billing/server/test-mode';
import { testCheckoutSchema } from '@/features/billing/schema';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/billing/test-checkout – the local test-mode checkout's "Subscribe" (only while Stripe is not configured)
export const POST = route(
  { input: testCheckoutSchema, auth: 'required', rateLimit: [{ name: 'test-checkout', points: 20, durationSeconds: 60, key: ({ user }) => user!.id }] },
  async ({ input, user }) => {
    const result = await testCheckout(
      user,
      { plan: input.plan, interval: input.interval, currency: input.currency },
      seatsFor(input.plan, input.seats),
      input.card,
    );
    if (!result.paid) throw new AppError('card_declined');
    return result;
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
