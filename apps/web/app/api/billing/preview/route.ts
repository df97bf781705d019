import { previewChange } from '@/features/billing/server/manage';
import { previewChangeSchema } from '@/features/billing/schema';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/billing/preview?plan=&interval=&seats= – what a plan change costs now, before it is confirmed
export const GET = route(
  { input: previewChangeSchema, auth: 'required', rateLimit: [{ name: 'billing-preview', points: 60, durationSeconds: 60, key: ({ user }) => user!.id }] },
  ({ input, user }) => previewChange(user.id, input),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
