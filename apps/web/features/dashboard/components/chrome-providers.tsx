'use client';

import type { AbstractIntlMessages } from 'next-intl';
import type { ReactNode } from 'react';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { AuthProvider } from '@/components/layout/auth-provider';
import { SiteProviders } from '@/components/site-providers';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

/** What every signed-in frame puts around its page: language, theme, toasts, the auth state and the skip link. */
export function ChromeProviders({
  locale,
  messages,
  config,
  skipToContent,
  children,
}: {
  locale: string;
  messages: AbstractIntlMessages;
  config: PublicAuthConfig;
  skipToContent: string;
  children: ReactNode;
}) {
  return (
    <IntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      <SiteProviders>
        <AuthProvider config={config}>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            {skipToContent}
          </a>
          {children}
        </AuthProvider>
      </SiteProviders>
    </IntlClientProvider>
  );
}
