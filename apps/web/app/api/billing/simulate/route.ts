import { testSimulate } from '@/features/billing/server/test-mode';
import { simulateSchema } from '@/features/billing/schema';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/billing/simulate – test mode only: a renewal, a failed payment, its recovery or the period's end
export const POST = route(
  { input: simulateSchema, auth: 'required', rateLimit: [{ name: 'billing-simulate', points: 30, durationSeconds: 60, key: ({ user }) => user!.id }] },
  async ({ input, user }) => {
    await testSimulate(user.id, input.event);
    return { ok: true };
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
