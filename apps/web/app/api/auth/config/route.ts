import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

export const dynamic = 'force-dynamic';

// GET /api/auth/config – what the browser needs to reach the auth service and what the sign-in pages offer
export const GET = route({}, async () => Response.json(await getAuthConfig(), { headers: { 'cache-control': 'no-store' } }));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
