import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { revokeSession } from '@/features/admin/server/user-sessions';
import { route } from '@/lib/route';

// DELETE /api/admin/users/{id}/sessions/{sessionId} – end one session of the account (that device is signed out)
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) =>
  revokeSession({ user, ip }, idParam(params, 'id'), idParam(params, 'sessionId')),
);
