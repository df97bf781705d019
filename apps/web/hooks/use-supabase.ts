'use client';

import type { SupabaseClient } from '@supabase/supabase-js';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { getSupabaseBrowserClient } from '@/lib/supabase/browser';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

/** The page's Supabase client once the auth configuration is known. */
export function useSupabase(config: PublicAuthConfig | null): SupabaseClient | null {
  const locale = useLocale();
  return useMemo(() => (config ? getSupabaseBrowserClient(config, locale) : null), [config, locale]);
}
