import { leaveEndedSession } from '@/features/auth/server/leave-ended-session';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/auth/session-ended?redirect=… – a guarded page's way out for a session that ended before its token
// expired: clears it and shows the sign-in page with the reason
export const GET = route({}, ({ request, locale }) => leaveEndedSession(request.nextUrl.searchParams.get('redirect'), locale));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
