import { authGuard } from '@/config/auth';
import { finishCallback } from '@/features/auth/server/finish-callback';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/auth/oauth/callback?code=…&next=… – finish OAuth sign-in and continue where the person was going
export const GET = route({ rateLimit: [{ name: 'auth-callback', points: 60, durationSeconds: 5 * 60 }] }, ({ request }) =>
  finishCallback(request, { errorPage: authGuard.loginPath, defaultNext: authGuard.afterSignInPath }),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
