'use client';

import { useCallback, useEffect, useState } from 'react';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { ApiError, apiFetch } from '@/lib/api/client';

let pending: Promise<PublicAuthConfig> | undefined;

function load(locale: string): Promise<PublicAuthConfig> {
  pending ??= apiFetch<PublicAuthConfig>('/api/auth/config', { locale }).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

type State = { config: PublicAuthConfig | null; error: ApiError | null };

/**
 * The auth configuration for pages that are prerendered (the sign-in pages): fetched once per page load,
 * since the anon key and the providers are only known to the running server.
 */
export function useAuthConfig(locale: string, initial?: PublicAuthConfig | null) {
  const [state, setState] = useState<State>({ config: initial ?? null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (state.config) return;
    let live = true;
    load(locale).then(
      (config) => live && setState({ config, error: null }),
      (error: unknown) => live && setState({ config: null, error: error instanceof ApiError ? error : new ApiError('network_error', 0) }),
    );
    return () => {
      live = false;
    };
  }, [locale, attempt, state.config]);

  const retry = useCallback(() => {
    setState({ config: null, error: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
