'use client';

import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { apiFetch } from '@/features/auth/client/api';

/** The product API in the page's language, for the admin views. */
export function useAdminApi() {
  const locale = useLocale();
  return useCallback(<T,>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}) => apiFetch<T>(path, { ...options, locale }), [locale]);
}
