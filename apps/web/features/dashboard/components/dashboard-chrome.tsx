'use client';

import { BookMarked } from 'lucide-react';
import type { AbstractIntlMessages } from 'next-intl';
import type { ReactNode } from 'react';
import { LocaleSwitch } from '@/components/layout/locale-switch';
import { MobileNav } from '@/components/layout/mobile-nav';
import { ThemeSwitch } from '@/components/layout/theme-switch';
import type { DashboardNavSection } from '@/config/dashboard-nav';
import { siteConfig } from '@/config/site';
import { Link } from '@/lib/i18n/navigation';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { ChromeProviders } from './chrome-providers';
import { DashboardNav } from './dashboard-nav';
import { UserMenu } from './user-menu';

export type DashboardChromeProps = {
  locale: string;
  /** The client namespaces plus the dashboard's, for everything rendered inside. */
  messages: AbstractIntlMessages;
  config: PublicAuthConfig;
  sections: DashboardNavSection[];
  labels: { nav: string; home: string; skipToContent: string };
  fallbackName: string;
  children: ReactNode;
};

/**
 * The saas-dashboard layout's frame: sidebar, top bar with the account menu, the same navigation in a menu
 * on phones, and the auth state around it all.
 */
export function DashboardChrome({ locale, messages, config, sections, labels, fallbackName, children }: DashboardChromeProps) {
  return (
    <ChromeProviders locale={locale} messages={messages} config={config} skipToContent={labels.skipToContent}>
      <div className="flex min-h-dvh">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border/60 bg-background/70 px-3 py-4 md:flex">
          <Link href="/" className="flex items-center gap-2 px-3 font-semibold" aria-label={labels.home}>
            <BookMarked className="size-5 text-primary" aria-hidden />
            <span>{siteConfig.name}</span>
          </Link>
          <DashboardNav sections={sections} label={labels.nav} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 border-b border-border/60 bg-background/80 backdrop-blur">
            <div className="relative flex h-16 items-center gap-2 px-4 sm:px-6">
              <MobileNav>
                <div className="pt-3">
                  <DashboardNav sections={sections} label={labels.nav} />
                </div>
                <LocaleSwitch className="mt-4 px-1 sm:hidden" />
              </MobileNav>
              <Link href="/" className="flex items-center gap-2 font-semibold md:hidden" aria-label={labels.home}>
                <BookMarked className="size-5 text-primary" aria-hidden />
                <span className="hidden min-[380px]:inline">{siteConfig.name}</span>
              </Link>
              <div className="ml-auto flex items-center gap-1">
                <LocaleSwitch className="hidden sm:flex" />
                <ThemeSwitch />
                <UserMenu fallbackEmail={fallbackName} />
              </div>
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10">
            {children}
          </main>
        </div>
      </div>
    </ChromeProviders>
  );
}
