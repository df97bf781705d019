import { sendLinkSchema } from '@/features/admin/schema';
import { adminRateLimit, idParam } from '@/features/admin/route-params';
import { sendLink } from '@/features/admin/server/send-link';
import { route } from '@/lib/route';
import { requestOrigin } from '@/lib/request-info';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/admin/users/{id}/links – mail the account a password-recovery link, a magic link, or an invitation
export const POST = route({ input: sendLinkSchema, auth: 'admin', rateLimit: adminRateLimit }, ({ input, params, user, ip, request }) =>
  sendLink({ user, ip }, idParam(params, 'id'), input, requestOrigin(request.headers)),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
