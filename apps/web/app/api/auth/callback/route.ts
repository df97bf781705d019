import { authGuard } from '@/config/auth';
import { finishCallback, mailedLinkKind } from '@/features/auth/server/finish-callback';
import { splitLocale } from '@/lib/auth/guard';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/auth/callback?code=…&next=… – the target of mailed links (confirmation, magic link, recovery)
export const GET = route({ rateLimit: [{ name: 'auth-callback', points: 60, durationSeconds: 5 * 60 }] }, ({ request }) =>
  finishCallback(request, {
    errorPage: '/auth/error',
    defaultNext: authGuard.afterSignInPath,
    continueWithoutSession: (path) => splitLocale(path).path === '/auth/verify-success',
    linkKind: mailedLinkKind,
  }),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
