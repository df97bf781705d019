'use client';

import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';
import { SiteProviders } from '@/components/site-providers';

// HTTP 403 'no access' when the admin layout calls forbidden() for an account without the admin role.
//
// A client component on purpose: Next files every route group's boundaries under `app/[locale]` in its client
// reference manifest, and a shared client component that this file referenced directly (SiteProviders, the
// error screen) was mapped to this file's chunks, which every public page then downloaded.
export default function Forbidden() {
  return (
    <SiteProviders>
      <main id="main" className="flex flex-1 flex-col">
        <ErrorScreen status={403} />
      </main>
    </SiteProviders>
  );
}
