import { overviewSchema } from '@/features/admin/schema';
import { adminRateLimit } from '@/features/admin/route-params';
import { getOverview } from '@/features/admin/server/get-overview';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/admin/overview – users, paying accounts, revenue and usage over the last `days` (7, 30 or 90)
export const GET = route({ input: overviewSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input }) => getOverview(input.days));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
