import type { NextRequest } from 'next/server';
import { handleDifyRequest } from '@/features/ai/server/handle-dify-request';

// GET|POST|DELETE /api/ai/dify/<path>?appid=… – an AI app's Dify service API, as the signed-in user
// (the paths are listed in features/ai/server/dify-endpoints.ts)
export const dynamic = 'force-dynamic';

async function handle(request: NextRequest, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  return handleDifyRequest(request, (await context.params).path);
}

export { handle as GET, handle as POST, handle as DELETE };
