import { usageRangeSchema } from '@/features/ai/schema';
import { getAiUsage } from '@/features/ai/server/get-ai-usage';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/ai/usage?from=&to= – the signed-in user's AI usage per day and app, and their monthly quota
export const GET = route({ input: usageRangeSchema, auth: 'required' }, ({ input, user }) => getAiUsage(user.claims, input));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
