'use client';

import { BookMarked } from 'lucide-react';
import { LocaleSwitch } from '@/components/layout/locale-switch';
import { MobileNav } from '@/components/layout/mobile-nav';
import { ThemeSwitch } from '@/components/layout/theme-switch';
import { siteConfig } from '@/config/site';
import { Link } from '@/lib/i18n/navigation';
import { ChromeProviders } from './chrome-providers';
import type { DashboardChromeProps } from './dashboard-chrome';
import { DashboardNav, DashboardNavBar } from './dashboard-nav';
import { UserMenu } from './user-menu';

/**
 * The `default` layout's frame for the signed-in AI tools: one compact top bar (the page keeps the full width the
 * research page needs) with the logo, the main signed-in links on wide screens, the whole signed-in navigation in
 * a menu at every width, the language and theme switches and the account menu. No marketing footer.
 */
export function AppChrome({ locale, messages, config, sections, labels, fallbackName, children }: DashboardChromeProps) {
  const barSections = sections.filter((section) => section.id === 'main');
  return (
    <ChromeProviders locale={locale} messages={messages} config={config} skipToContent={labels.skipToContent}>
      <header className="sticky top-0 z-30 border-b border-border/60 bg-background/80 backdrop-blur" data-testid="app-header">
        <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <MobileNav className="">
            <div className="mx-auto max-w-6xl pt-3">
              <DashboardNav sections={sections} label={labels.nav} className="md:grid-cols-3 md:items-start" />
              <LocaleSwitch className="mt-4 px-1 sm:hidden" />
            </div>
          </MobileNav>
          <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold" aria-label={labels.home}>
            <BookMarked className="size-5 text-primary" aria-hidden />
            <span className="hidden min-[380px]:inline">{siteConfig.name}</span>
          </Link>
          <DashboardNavBar sections={barSections} label={labels.nav} className="ml-2 hidden lg:block" />
          <div className="ml-auto flex items-center gap-1">
            <LocaleSwitch className="hidden sm:flex" />
            <ThemeSwitch />
            <UserMenu fallbackEmail={fallbackName} />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
    </ChromeProviders>
  );
}
