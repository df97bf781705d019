import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { VersionWatcher } from '@/components/version-watcher';
import { siteConfig } from '@/config/site';
import { env } from '@/lib/env';
import { clientMessages } from '@/lib/i18n/client-messages';
import { languageTags, routing } from '@/lib/i18n/routing';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { template: `%s · ${siteConfig.name}`, default: siteConfig.name },
    description: t('siteDescription'),
    applicationName: siteConfig.name,
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbfcfe' },
    { media: '(prefers-color-scheme: dark)', color: '#141821' },
  ],
};

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();

  return (
    // next-themes sets the colour class on <html> before React hydrates.
    <html lang={languageTags[locale]} suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <NextIntlClientProvider messages={clientMessages(messages)} timeZone="UTC">
          <div className="app-gradient flex min-h-dvh flex-col">{children}</div>
          <VersionWatcher />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
