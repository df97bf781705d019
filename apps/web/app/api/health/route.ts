import { otherMethods } from '@/lib/method-not-allowed';
export const dynamic = 'force-dynamic';

// GET /api/health – liveness for load balancers and uptime checks, with the running build's id
export function GET() {
  return Response.json({ status: 'ok', build: process.env.NEXT_PUBLIC_BUILD_ID ?? 'development' }, { headers: { 'Cache-Control': 'no-store' } });
}

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
