import { confirmLinkPage, confirmToken } from '@/features/auth/server/confirm-token';
import { otherMethods } from '@/lib/method-not-allowed';
import { route } from '@/lib/route';

const confirmLimit = { name: 'auth-confirm', points: 60, durationSeconds: 5 * 60 };

// GET /api/auth/confirm?token_hash=…&type=…&next=… – mailed links without PKCE (sent by an admin): to the confirm page
export const GET = route({ rateLimit: [confirmLimit] }, ({ request }) => confirmLinkPage(request));

// POST /api/auth/confirm – the confirm page's "Continue" (a same-origin form): verified by hash, signs in
export const POST = route({ rateLimit: [confirmLimit] }, ({ request }) => confirmToken(request));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
