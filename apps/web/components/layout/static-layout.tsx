import type { ReactNode } from 'react';
import { SiteShell } from './site-shell';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

/**
 * The static layout: pricing and legal pages, a reading-width column inside the site shell. Each of those
 * segments uses it as its own layout.tsx rather than the route group having one: see auth-shell.tsx for why.
 */
export async function StaticLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  await pageLocale(props);
  return (
    <SiteShell>
      <div className="mx-auto w-full min-w-0 max-w-6xl px-4 py-12 sm:px-6 sm:py-16">{children}</div>
    </SiteShell>
  );
}
