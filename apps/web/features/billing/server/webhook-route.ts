import 'server-only';
import type Stripe from 'stripe';
import { appDatabase } from '@/lib/db/database';
import { AppError } from '@/lib/errors';
import { readBodyText } from '@/lib/read-body';
import { route } from '@/lib/route';
import { handleStripeEvent } from './handle-event';
import { stripeWebhooks, webhookSecret } from './stripe';

/** Stripe's events are a few kilobytes; a subscription with many items stays far below this. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/stripe – Stripe's events (and the local test mode's, signed the same way). The raw body's
 * signature is checked with the Stripe SDK before anything is parsed: 400 when it is missing, wrong or too
 * old. Cross-site requests are allowed because the signature, not a cookie, authenticates the sender.
 */
export const stripeWebhook = route({ crossSite: 'allow', rateLimit: [{ name: 'stripe-webhook', points: 1200, durationSeconds: 60 }] }, async ({ request }) => {
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw new AppError('bad_request', { message: 'No Stripe-Signature header' });
  const body = await readBodyText(request, MAX_EVENT_BYTES);
  let event: Stripe.Event;
  try {
    event = stripeWebhooks.constructEvent(body, signature, webhookSecret(), 300);
  } catch (error) {
    throw new AppError('bad_request', { message: 'The Stripe signature does not match', cause: error });
  }
  const outcome = await handleStripeEvent(await appDatabase(), event);
  return { received: true, outcome };
});
