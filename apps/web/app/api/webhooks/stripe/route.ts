import { stripeWebhook } from '@/features/billing/server/webhook-route';

// POST /api/webhooks/stripe – signed Stripe events (features/billing/server/webhook-route.ts)
export const POST = stripeWebhook;
