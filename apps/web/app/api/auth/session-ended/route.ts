import { leaveEndedSession } from '@/features/auth/server/leave-ended-session';
import { route } from '@/lib/route';

// GET /api/auth/session-ended?redirect=… – a guarded page's way out for a session that ended before its token
// expired: clears it and shows the sign-in page with the reason
export const GET = route({}, ({ request, locale }) => leaveEndedSession(request.nextUrl.searchParams.get('redirect'), locale));
