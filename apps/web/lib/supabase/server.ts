import 'server-only';
import { createServerClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { cookies, headers } from 'next/headers';
import { clientIp, requestLocale, requestOrigin } from '@/lib/request-info';
import { localeCookie } from '@/lib/i18n/routing';
import { supabaseServerSettings } from './config';
import { NoRealtime } from './no-realtime';

/**
 * A Supabase client for server components and route handlers, reading and writing the session cookie of
 * the current request. Route handlers can write cookies; server components cannot (the proxy has already
 * refreshed the session before they run), so writes from them are dropped.
 *
 * Trust only `auth.getClaims()` here: it verifies the access token's signature against the service's keys.
 * `getSession()` returns whatever the cookie says.
 */
export async function createSupabaseServerClient(): Promise<SupabaseClient> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const settings = await supabaseServerSettings({ origin: requestOrigin(headerList), clientIp: clientIp(headerList), userAgent: headerList.get('user-agent') });
  const locale = requestLocale(headerList, cookieStore.get(localeCookie.name)?.value);
  return createServerClient(settings.url, settings.anonKey, {
    cookieOptions: settings.cookieOptions,
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(list) {
        try {
          for (const { name, value, options } of list) cookieStore.set(name, value, options);
        } catch {
          // Called from a server component, which cannot set cookies; the proxy keeps the session fresh.
        }
      },
    },
    // The auth service writes its mails and SMS in this language when the user has no saved one.
    global: { fetch: settings.fetch, headers: { 'accept-language': locale === 'zh' ? 'zh-CN' : 'en' } },
    realtime: { transport: NoRealtime as never },
  });
}
