import 'server-only';
import { createServerClient } from '@supabase/ssr';
import type { JwtPayload } from '@supabase/supabase-js';
import type { NextRequest, NextResponse } from 'next/server';
import { clientIp, requestOrigin } from '@/lib/request-info';
import { sessionCookieOptions, supabaseServerSettings } from './config';
import { NoRealtime } from './no-realtime';

type CookieToSet = { name: string; value: string; options: Record<string, unknown> };

export type RefreshedSession = {
  /** Verified claims, or null when signed out (no session, expired beyond refresh, or revoked). */
  claims: JwtPayload | null;
  /** Copies the refreshed (or cleared) session cookies and their no-store headers onto a response. */
  applyTo<T extends NextResponse>(response: T): T;
};

/**
 * Called by proxy.ts on every page request: verifies the session cookie and, when the access token is about
 * to expire, refreshes it. The new cookies are written into the request too, so the page rendered for this
 * very request already sees the fresh session.
 */
export async function refreshSession(request: NextRequest): Promise<RefreshedSession> {
  const pending: CookieToSet[] = [];
  let cacheHeaders: Record<string, string> = {};
  // Visitors without a session cookie (most requests to public pages) cost nothing here.
  const cookieName = sessionCookieOptions().name;
  const hasSession = request.cookies.getAll().some((cookie) => cookie.name.startsWith(cookieName));

  let claims: JwtPayload | null = null;
  if (hasSession) {
    const settings = await supabaseServerSettings({
      origin: requestOrigin(request.headers),
      clientIp: clientIp(request.headers),
      userAgent: request.headers.get('user-agent'),
    });
    const supabase = createServerClient(settings.url, settings.anonKey, {
      cookieOptions: settings.cookieOptions,
      cookies: {
        getAll: () => request.cookies.getAll(),
        setAll(list, headers) {
          for (const { name, value } of list) request.cookies.set(name, value);
          pending.push(...(list as CookieToSet[]));
          cacheHeaders = headers;
        },
      },
      global: { fetch: settings.fetch },
      realtime: { transport: NoRealtime as never },
    });
    const { data } = await supabase.auth.getClaims();
    claims = data?.claims ?? null;
  }

  return {
    claims,
    applyTo(response) {
      for (const { name, value, options } of pending) response.cookies.set(name, value, options);
      for (const [key, value] of Object.entries(cacheHeaders)) response.headers.set(key, value);
      return response;
    },
  };
}
