import { createPortalSession } from '@/features/billing/server/manage';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/billing/portal – a Stripe Billing Portal session (payment method, invoices) when Stripe is configured
export const POST = route(
  { auth: 'required', rateLimit: [{ name: 'billing-portal', points: 20, durationSeconds: 60, key: ({ user }) => user!.id }] },
  ({ user, locale }) => createPortalSession(user, locale),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
