import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SiteProviders, type ForcedTheme } from '@/components/site-providers';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer shared by the public layouts. */
export async function SiteShell({ children, forcedTheme }: { children: ReactNode; forcedTheme?: ForcedTheme }) {
  const t = await getTranslations('common');
  return (
    <SiteProviders forcedTheme={forcedTheme}>
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter />
    </SiteProviders>
  );
}
