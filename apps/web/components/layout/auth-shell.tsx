import { BookMarked } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SiteProviders } from '@/components/site-providers';
import { siteConfig } from '@/config/site';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { LocaleSwitch } from './locale-switch';
import { ThemeSwitch } from './theme-switch';

/**
 * The saas-auth layout: sign-in, sign-up, password recovery and two-step verification, one card at a time.
 *
 * The `auth` and `admin` segments of the `(saas-auth)` group each use it as their layout.tsx; the group has no
 * layout of its own, and no other group but `(marketing)` has files at its top. Next's client reference
 * manifest files every layout and boundary at the top of a route group under `app/[locale]`, merges them into
 * the manifest of every page below `[locale]`, and maps a client component that several of them use (the
 * site's providers, next-intl's client provider, the lazy error screen) to the chunks of whichever it merged
 * last: a layout here made every public page download this layout's chunks.
 */
export async function AuthLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  await pageLocale(props);
  const [messages, t, tc] = await Promise.all([getMessages(), getTranslations('auth.layout'), getTranslations('common')]);
  return (
    <NextIntlClientProvider messages={clientMessagesWith(messages, ['auth', 'validation'])} timeZone="UTC">
      <SiteProviders>
        <a href="#main" className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
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
