'use client';

import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { authGuard } from '@/config/auth';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { getSupabaseBrowserClient, onSessionEnded } from '@/lib/supabase/browser';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { authErrorCode } from '@/lib/auth/auth-errors';
import { AuthContext, type AuthState, type UserPlan } from '@/hooks/use-auth';
import { useApi } from '@/lib/api/use-api';

/**
 * How often an open, visible tab asks the auth service whether its session still exists (and, when the
 * reader comes back to the tab, not more often than the shorter interval).
 */
const REVALIDATE_EVERY_MS = 60_000;
const REVALIDATE_AT_MOST_MS = 10_000;

/**
 * Keeps the app's auth state (loaded flag, user, plan) current from supabase-js's events (docs/product.md §4):
 * INITIAL_SESSION and SIGNED_IN set the user, and the plan is fetched whenever the user id changes (only when
 * there is one); TOKEN_REFRESHED, USER_UPDATED and MFA_CHALLENGE_VERIFIED refresh the user; PASSWORD_RECOVERY
 * opens the new-password page; SIGNED_OUT clears user and plan and leaves — to `/` after "Sign out", to the
 * login page when the session ended elsewhere (revoked, expired beyond refresh).
 */
function AuthStateProvider({ config, children }: { config: PublicAuthConfig; children: ReactNode }) {
  const locale = useLocale() as Locale;
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const supabase = useMemo(() => (typeof window === 'undefined' ? null : getSupabaseBrowserClient(config, locale)), [config, locale]);
  const [state, setState] = useState<{ loaded: boolean; user: User | null }>({ loaded: false, user: null });
  const signingOut = useRef(false);

  const userIdRef = useRef<string | null>(null);
  useEffect(() => {
    userIdRef.current = state.user?.id ?? null;
  }, [state.user]);

  /** Signed out: clear the state, and leave — home after "Sign out", to the login page otherwise. */
  const leave = useCallback(() => {
    setState({ loaded: false, user: null });
    queryClient.removeQueries({ queryKey: ['subscription'] });
    const here = `${window.location.pathname}${window.location.search}`;
    const target = signingOut.current
      ? localizePath(authGuard.afterSignOutPath, locale)
      : `${localizePath(authGuard.loginPath, locale)}?redirect=${encodeURIComponent(here)}`;
    signingOut.current = false;
    router.replace(target);
  }, [queryClient, locale, router]);

  useEffect(() => {
    if (!supabase) return;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      switch (event) {
        case 'INITIAL_SESSION':
        case 'SIGNED_IN':
          setState({ loaded: true, user: session?.user ?? null });
          break;
        case 'TOKEN_REFRESHED':
        case 'USER_UPDATED':
        case 'MFA_CHALLENGE_VERIFIED':
          if (session?.user) setState({ loaded: true, user: session.user });
          break;
        case 'PASSWORD_RECOVERY':
          router.push(localizePath('/auth/reset-password', locale));
          break;
        case 'SIGNED_OUT':
          leave();
          break;
      }
    });
    // A refresh the service refused because the session ended elsewhere: end it here now (SIGNED_OUT follows),
    // instead of when supabase-js gives up on it, up to 90 s later.
    const stopWatching = onSessionEnded(() => void supabase.auth.signOut({ scope: 'local' }));
    return () => {
      data.subscription.unsubscribe();
      stopWatching();
    };
  }, [supabase, router, locale, leave]);

  useEffect(() => {
    // A session revoked elsewhere ("sign out everywhere", a password change) keeps a valid access token until
    // it expires, and supabase-js keeps such a session for a while even after a refresh fails. Asking the
    // service — when the reader comes back to the tab, and every minute while it is shown — signs the page
    // out soon after: getUser() removes a session the service no longer knows; a token it refuses (user
    // deleted or suspended) ends the session here; and a session that can no longer be refreshed counts as
    // ended (the server clears its cookie on the next request).
    if (!supabase) return;
    let last = 0;
    let deferred: number | undefined;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      const wait = last + REVALIDATE_AT_MOST_MS - Date.now();
      // Asked again too soon (the reader came back right after a check): check once when the interval is over,
      // rather than not at all until the next minute.
      if (wait > 0) {
        deferred ??= window.setTimeout(() => {
          deferred = undefined;
          void check();
        }, wait);
        return;
      }
      last = Date.now();
      const { data, error: sessionError } = await supabase.auth.getSession();
      const token = data.session?.access_token;
      if (!token) {
        const offline = sessionError && ['network_error', 'auth_unavailable'].includes(authErrorCode(sessionError));
        if (userIdRef.current && !offline) leave();
        return;
      }
      const { error } = await supabase.auth.getUser(token);
      const code = error ? authErrorCode(error) : null;
      if (code !== 'unauthorized' && code !== 'account_suspended') return;
      // getUser() has already removed a session the service no longer knows; anything else ends here.
      if ((await supabase.auth.getSession()).data.session) await supabase.auth.signOut({ scope: 'local' });
    };
    const run = () => void check();
    const timer = window.setInterval(run, REVALIDATE_EVERY_MS);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', run);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(deferred);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', run);
    };
  }, [supabase, leave]);

  const userId = state.user?.id;
  const plan = useQuery({
    queryKey: ['subscription', userId],
    queryFn: () => api.fetch<UserPlan>('/api/user/subscription'),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
    retry: 1,
  });

  const signOut = useCallback(async () => {
    if (!supabase) return;
    signingOut.current = true;
    // This device only; the others stay signed in.
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error) signingOut.current = false;
  }, [supabase]);

  const { data: planData, isLoading: planLoading, error: planError, refetch: refetchPlan } = plan;
  const value = useMemo<AuthState>(
    () => ({
      loaded: state.loaded,
      user: state.user,
      plan: { data: userId ? planData : undefined, loading: planLoading, error: planError, refetch: () => void refetchPlan() },
      supabase,
      signOut,
    }),
    [state, userId, planData, planLoading, planError, refetchPlan, supabase, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in area's providers: TanStack Query and the auth state. */
export function AuthProvider({ config, children }: { config: PublicAuthConfig; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <AuthStateProvider config={config}>{children}</AuthStateProvider>
    </QueryClientProvider>
  );
}
