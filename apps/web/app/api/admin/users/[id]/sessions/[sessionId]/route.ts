import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { revokeSession } from '@/features/admin/server/user-sessions';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/admin/users/{id}/sessions/{sessionId} – end one session of the account (that device is signed out)
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) =>
  revokeSession({ user, ip }, idParam(params, 'id'), idParam(params, 'sessionId')),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
