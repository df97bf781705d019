import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { revokeAllSessions } from '@/features/admin/server/user-sessions';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/admin/users/{id}/sessions – end every session of the account (signed out everywhere)
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) => revokeAllSessions({ user, ip }, idParam(params, 'id')));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
