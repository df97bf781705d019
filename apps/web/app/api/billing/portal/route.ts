import { createPortalSession } from '@/features/billing/server/manage';
import { route } from '@/lib/route';

// POST /api/billing/portal – a Stripe Billing Portal session (payment method, invoices) when Stripe is configured
export const POST = route(
  { auth: 'required', rateLimit: [{ name: 'billing-portal', points: 20, durationSeconds: 60, key: ({ user }) => user!.id }] },
  ({ user, locale }) => createPortalSession(user, locale),
);
