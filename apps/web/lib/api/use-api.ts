'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { apiFetch, apiRequest, type ApiRequestOptions } from './client';
import { downloadExport } from './download';

/** A call's options without the language, which the hook supplies. */
export type ApiCallOptions = Omit<ApiRequestOptions, 'locale'>;

/**
 * The product API bound to the page's language: every call sends it as `x-locale`, so refusals come back in the
 * words the page shows (docs/conventions.md §2.1) without each caller passing the locale along.
 */
export function useApi() {
  const locale = useLocale();
  return useMemo(
    () => ({
      /** {@link apiFetch}: the parsed JSON body. */
      fetch: <T>(path: string, options: ApiCallOptions = {}) => apiFetch<T>(path, { ...options, locale }),
      /** {@link apiRequest}: the raw response, for headers and blobs. */
      request: <T>(path: string, options: ApiCallOptions = {}) => apiRequest<T>(path, { ...options, locale }),
      /** {@link downloadExport}: POSTs to an export endpoint and saves the file it answers. */
      download: (path: string, body: unknown) => downloadExport(path, body, locale),
      locale,
    }),
    [locale],
  );
}

export type Api = ReturnType<typeof useApi>;
