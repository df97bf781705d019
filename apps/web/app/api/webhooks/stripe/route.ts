import { stripeWebhook } from '@/features/billing/server/webhook-route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/webhooks/stripe – signed Stripe events (features/billing/server/webhook-route.ts)
export const POST = stripeWebhook;

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
