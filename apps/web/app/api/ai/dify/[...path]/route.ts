import type { NextRequest } from 'next/server';
import { handleDifyRequest } from '@/features/ai/server/handle-dify-request';

// GET|POST|DELETE /api/ai/dify/<path>?appid=… – an AI app's Dify service API, as the signed-in user
// (the paths are listed in features/ai/server/dify-endpoints.ts)
export const dynamic = 'force-dynamic';

async function handle(request: NextRequest, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  return handleDifyRequest(request, (await context.params).path);
}

// PUT and PATCH too, so the proxy answers every method in Dify's shape (405 for a known path).
export { handle as GET, handle as POST, handle as DELETE, handle as PUT, handle as PATCH };
