// /platform/* – the embedded platform services (auth at /platform/auth/v1, the dev mailbox at /platform/mailbox, storage
// at /platform/storage/v1, the AI runtime at /platform/ai/v1).
import { aiPlatform, embeddedAuthEnabled, platform } from '@/lib/platform/services';
import { clientIp } from '@/lib/request-info';

export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  if (new URL(request.url).pathname.startsWith('/platform/ai/')) return (await aiPlatform()).fetch(request);
  if (!embeddedAuthEnabled()) {
    return Response.json({ code: 404, msg: 'The embedded auth service is off: SUPABASE_URL points at another auth server' }, { status: 404 });
  }
  const { auth, storage } = await platform();
  if (new URL(request.url).pathname.startsWith('/platform/storage/')) return storage.fetch(request);
  return auth.fetch(withClientAddress(request));
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS, handle as HEAD };

/**
 * The auth service counts its limits, and records sign-ins, by the last X-Forwarded-For entry unless
 * AUTH_RATE_LIMIT_HEADER names another header: it gets exactly the address the product established, so what a
 * client writes into X-Forwarded-For itself counts for nothing unless TRUST_PROXY says so.
 */
function withClientAddress(request: Request): Request {
  if (process.env.AUTH_RATE_LIMIT_HEADER?.trim()) return request;
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-for', clientIp(request.headers));
  return new Request(request, { headers });
}
