import { z } from 'zod';
import { MAX_SEATS } from './seats';

// Inputs of the billing API; no server imports, so forms can validate with them too.

const plan = z.enum(['pro', 'team']);
const interval = z.enum(['monthly', 'yearly']);
const currency = z.enum(['usd', 'cny']);
/** Seats only mean something on per-seat plans. */
const seats = z.coerce.number().int().min(1).max(MAX_SEATS);

export const checkoutSchema = z.object({ plan, interval, currency, seats: seats.optional() });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The local test-mode checkout page's form: the same choice, and the test card number typed in. */
export const testCheckoutSchema = checkoutSchema.extend({ card: z.string().trim().max(32) });

/** Changes the subscriber asks for on the billing page. */
export const changeSubscriptionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('change'), plan, interval, seats: seats.optional() }),
]);
export type ChangeSubscriptionInput = z.infer<typeof changeSubscriptionSchema>;

/** A plan change's price, shown before it is confirmed. */
export const previewChangeSchema = z.object({ plan, interval, seats: seats.optional() });

/** What the local test mode can make happen, as Stripe would on its own. */
export const simulateSchema = z.object({ event: z.enum(['renewal', 'payment_failed', 'payment_recovered', 'period_end']) });
