import { updateUserSchema } from '@/features/admin/schema';
import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { banUser } from '@/features/admin/server/ban-user';
import { deleteUser } from '@/features/admin/server/delete-user';
import { getUserDetail } from '@/features/admin/server/get-user-detail';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/admin/users/{id} – an account: profile, identities, factors, plan, usage and its audit trail
export const GET = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params }) => getUserDetail(idParam(params, 'id')));

// PATCH /api/admin/users/{id} – ban for `ban_duration` (a Go duration such as `24h`), or lift the ban with `none`
export const PATCH = route({ input: updateUserSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input, params, user, ip }) =>
  banUser({ user, ip }, idParam(params, 'id'), input.ban_duration),
);

// DELETE /api/admin/users/{id} – soft-delete the account (should_soft_delete)
export const DELETE = route({ auth: 'admin', rateLimit: adminRateLimit }, ({ params, user, ip }) => deleteUser({ user, ip }, idParam(params, 'id')));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT } = otherMethods({ GET, PATCH, DELETE });
