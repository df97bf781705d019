import { confirmToken } from '@/features/auth/server/confirm-token';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/auth/confirm?token_hash=…&type=…&next=… – mailed links without PKCE (sent by an admin): verified by hash
export const GET = route({ rateLimit: [{ name: 'auth-confirm', points: 60, durationSeconds: 5 * 60 }] }, ({ request }) => confirmToken(request));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
