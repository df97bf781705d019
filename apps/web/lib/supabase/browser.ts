'use client';

import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { PublicAuthConfig } from './public-config';

let client: SupabaseClient | undefined;

/**
 * What the auth service answers to a refresh when the session no longer exists there: revoked ("sign out
 * everywhere", a password change), replayed, or its user gone. supabase-js keeps such a session until its
 * access token expires and then, for a minute more, answers further refreshes from a cached failure without
 * ending it, so by itself a tab can stay "signed in" for up to 90 s after the session ended.
 */
const endedSessionCodes = new Set([
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_not_found',
  'session_expired',
  'user_not_found',
  'user_banned',
]);
const sessionEndedListeners = new Set<() => void>();

/** Calls `listener` when the auth service refuses a refresh because the session has ended. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The client's fetch, watching refresh answers for the end of the session. */
const watchingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (response.status >= 400 && response.status < 500 && url.includes('grant_type=refresh_token')) {
    response
      .clone()
      .json()
      .then((body: { error_code?: string; code?: string }) => {
        if (endedSessionCodes.has(body.error_code ?? body.code ?? '')) for (const listener of sessionEndedListeners) listener();
      })
      .catch(() => undefined);
  }
  return response;
};

/**
 * The page's one Supabase client. It keeps the session in the same cookie as the server (never in
 * localStorage), refreshes it every 30 s tick when it nears expiry, and reports auth events.
 */
export function getSupabaseBrowserClient(config: PublicAuthConfig, locale: string): SupabaseClient {
  client ??= createBrowserClient(config.url ?? `${window.location.origin}/platform`, config.anonKey, {
    cookieOptions: config.cookieOptions,
    isSingleton: false,
    // Mails and SMS the browser asks for (magic links, recovery, codes) come in the page's language.
    global: { headers: { 'accept-language': locale === 'zh' ? 'zh-CN' : 'en' }, fetch: watchingFetch },
  });
  return client;
}
