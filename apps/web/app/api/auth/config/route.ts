import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { route } from '@/lib/route';

export const dynamic = 'force-dynamic';

// GET /api/auth/config – what the browser needs to reach the auth service and what the sign-in pages offer
export const GET = route({}, async () => Response.json(await getAuthConfig(), { headers: { 'cache-control': 'no-store' } }));
