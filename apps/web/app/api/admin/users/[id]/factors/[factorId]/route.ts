import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { deleteFactor } from '@/features/admin/server/delete-factor';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/admin/users/{id}/factors/{factorId} – remove one of the account's two-step factors
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) =>
  deleteFactor({ user, ip }, idParam(params, 'id'), idParam(params, 'factorId')),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
