import { listUsersSchema } from '@/features/admin/schema';
import { adminRateLimit } from '@/features/admin/route-params';
import { listUsers } from '@/features/admin/server/list-users';
import { route } from '@/lib/route';

// GET /api/admin/users – one page of accounts (page, per_page, query on address, phone, name or id)
export const GET = route({ input: listUsersSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input }) => listUsers(input));
