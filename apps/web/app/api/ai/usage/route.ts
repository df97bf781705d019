import { usageRangeSchema } from '@/features/ai/schema';
import { getAiUsage } from '@/features/ai/server/get-ai-usage';
import { route } from '@/lib/route';

// GET /api/ai/usage?from=&to= – the signed-in user's AI usage per day and app, and their monthly quota
export const GET = route({ input: usageRangeSchema, auth: 'required' }, ({ input, user }) => getAiUsage(user.claims, input));
