'use client';

import { useEffect } from 'react';
import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';
import { SiteProviders } from '@/components/site-providers';

/**
 * An error thrown while rendering a page. Its status is 500 unless the error says otherwise
 * (an error carrying `status`, such as a failed API call, keeps it).
 */
export default function PageError({ error, reset }: { error: Error & { digest?: string; status?: number }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = typeof error.status === 'number' && error.status >= 400 ? error.status : 500;
  return (
    <SiteProviders>
      <main id="main" className="flex flex-1 flex-col">
        <ErrorScreen status={status} onClear={reset} />
      </main>
    </SiteProviders>
  );
}
