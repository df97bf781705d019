'use client';

import { useApi } from '@/lib/api/use-api';

/** The product API in the page's language, for the admin views. */
export function useAdminApi() {
  return useApi().fetch;
}
