import 'server-only';
import { platform } from './services';

/**
 * `fetch` for the embedded auth service (and the storage service beside it, for server-side storage calls such as
 * removing a deleted account's files): requests are handed to it in this process instead of going out over
 * the network and back in, so the server needs neither its own port nor its public address. The client's
 * address travels in X-Forwarded-For (replacing anything the client sent), so the service's per-address
 * rate limits count the person, not this server. Their browser's User-Agent travels too, so the sessions the
 * service records (shown in the admin area) name the person's device rather than this server's runtime.
 */
export function embeddedAuthFetch(clientIp: string | null, userAgent: string | null = null): typeof fetch {
  return async (input, init) => {
    const base = input instanceof Request ? input : null;
    const headers = new Headers(init?.headers ?? base?.headers);
    if (clientIp) headers.set('x-forwarded-for', clientIp);
    else headers.delete('x-forwarded-for');
    if (userAgent) headers.set('user-agent', userAgent);
    const { auth, storage } = await platform();
    const request = new Request(input, { ...init, headers });
    return new URL(request.url).pathname.startsWith('/platform/storage/') ? storage.fetch(request) : auth.fetch(request);
  };
}
