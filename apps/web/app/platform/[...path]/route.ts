// /platform/* – the embedded platform services (auth at /platform/auth/v1, the dev mailbox at /platform/mailbox, storage
// at /platform/storage/v1, the AI runtime at /platform/ai/v1).
import { aiPlatform, embeddedAuthEnabled, platform } from '@/lib/platform/services';

export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  if (new URL(request.url).pathname.startsWith('/platform/ai/')) return (await aiPlatform()).fetch(request);
  if (!embeddedAuthEnabled()) {
    return Response.json({ code: 404, msg: 'The embedded auth service is off: SUPABASE_URL points at another auth server' }, { status: 404 });
  }
  const { auth, storage } = await platform();
  if (new URL(request.url).pathname.startsWith('/platform/storage/')) return storage.fetch(request);
  return auth.fetch(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS, handle as HEAD };
