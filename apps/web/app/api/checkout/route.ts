import { createCheckout } from '@/features/billing/server/checkout';
import { checkoutSchema } from '@/features/billing/schema';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/checkout – where to pay for a plan: Stripe Checkout, or the local test-mode checkout without Stripe
export const POST = route(
  { input: checkoutSchema, auth: 'required', rateLimit: [{ name: 'checkout', points: 20, durationSeconds: 60, key: ({ user }) => user!.id }] },
  ({ input, user, locale }) => createCheckout(user, input, locale),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
