import { createUserSchema, listUsersSchema } from '@/features/admin/schema';
import { adminRateLimit } from '@/features/admin/route-params';
import { createUser } from '@/features/admin/server/create-user';
import { listUsers } from '@/features/admin/server/list-users';
import { route } from '@/lib/route';
import { requestOrigin } from '@/lib/request-info';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/admin/users – one page of accounts (page, per_page, query on address, phone, name or id)
export const GET = route({ input: listUsersSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input }) => listUsers(input));

// POST /api/admin/users – create an account with a password (confirmed unless email_confirm is false), or invite
// the address by mail (method: 'invite'; the invitation is in the admin's language)
export const POST = route({ input: createUserSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input, user, ip, request, locale }) =>
  createUser({ user, ip }, input, requestOrigin(request.headers), locale),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
