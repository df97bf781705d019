import { BookMarked } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSwitch } from '@/components/layout/locale-switch';
import { ThemeSwitch } from '@/components/layout/theme-switch';
import { SiteProviders } from '@/components/site-providers';
import { siteConfig } from '@/config/site';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

/** The saas-auth layout: sign-in, sign-up, password recovery and two-step verification, one card at a time. */
export default async function AuthLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  await pageLocale(props);
  const [messages, t, tc] = await Promise.all([getMessages(), getTranslations('auth.layout'), getTranslations('common')]);
  return (
    <NextIntlClientProvider messages={clientMessagesWith(messages, ['auth', 'validation'])} timeZone="UTC">
      <SiteProviders>
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {tc('skipToContent')}
        </a>
        <header className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4 sm:px-6">
          <Link href="/" className="flex items-center gap-2 font-semibold" aria-label={t('backHome')}>
            <BookMarked className="size-5 text-primary" aria-hidden />
            <span>{siteConfig.name}</span>
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <LocaleSwitch />
            <ThemeSwitch />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 justify-center px-4 pt-4 pb-12 outline-none sm:px-6 sm:pt-10">
          <div className="w-full max-w-md">{children}</div>
        </main>
        <footer className="flex justify-center gap-4 pb-6 text-xs text-muted-foreground">
          <Link href="/legal/privacy" className="hover:text-foreground">
            {t('privacy')}
          </Link>
          <Link href="/legal/terms" className="hover:text-foreground">
            {t('terms')}
          </Link>
        </footer>
      </SiteProviders>
    </NextIntlClientProvider>
  );
}
