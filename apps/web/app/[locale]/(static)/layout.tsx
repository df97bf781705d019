import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

/** The static layout: pricing and legal pages, a reading-width column inside the site shell. */
export default async function StaticLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  await pageLocale(props);
  return (
    <SiteShell>
      <div className="mx-auto w-full min-w-0 max-w-6xl px-4 py-12 sm:px-6 sm:py-16">{children}</div>
    </SiteShell>
  );
}
