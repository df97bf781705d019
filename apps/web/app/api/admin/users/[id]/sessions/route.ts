import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { revokeAllSessions } from '@/features/admin/server/user-sessions';
import { route } from '@/lib/route';

// DELETE /api/admin/users/{id}/sessions – end every session of the account (signed out everywhere)
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) => revokeAllSessions({ user, ip }, idParam(params, 'id')));
