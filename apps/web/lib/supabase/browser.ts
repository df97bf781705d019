'use client';

import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { PublicAuthConfig } from './public-config';

let client: SupabaseClient | undefined;

/**
 * The page's one Supabase client. It keeps the session in the same cookie as the server (never in
 * localStorage), refreshes it every 30 s tick when it nears expiry, and reports auth events.
 */
export function getSupabaseBrowserClient(config: PublicAuthConfig, locale: string): SupabaseClient {
  client ??= createBrowserClient(config.url ?? `${window.location.origin}/platform`, config.anonKey, {
    cookieOptions: config.cookieOptions,
    isSingleton: false,
    // Mails and SMS the browser asks for (magic links, recovery, codes) come in the page's language.
    global: { headers: { 'accept-language': locale === 'zh' ? 'zh-CN' : 'en' } },
  });
  return client;
}
