import 'server-only';
import { env } from '@/lib/env';
import { aiPlatform } from './services';

/**
 * An AI app on the embedded runtime: its key, and requests handed to the runtime in this process rather than over
 * the network and back in. The runtime answers with a Response whose body it is still writing, so a stream
 * reaches the browser as it is produced, and cancelling that body reaches the runtime.
 */
export async function embeddedAiUpstream(appId: string) {
  const ai = await aiPlatform();
  const key = ai.keys[appId];
  if (!key) return null;
  return { baseUrl: `${env.SITE_URL}/platform/ai/v1`, key, fetch: (request: Request) => ai.fetch(request) };
}
