'use client';

import { NextIntlClientProvider } from 'next-intl';
import { ErrorScreen } from '@/components/error-screen';
import { SiteProviders } from '@/components/site-providers';
import { clientMessages } from '@/lib/i18n/client-messages';
import messages from '@/messages/en.json';

// A client component, so that rendering it never asks the server for the request language (which
// would make every page dynamic). For URLs outside the language routes (for example a missing file); they have no language of
// their own, so the screen is in the default language.
export default function GlobalNotFound() {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <NextIntlClientProvider locale="en" timeZone="UTC" messages={clientMessages(messages)}>
          <SiteProviders>
            <main id="main" className="app-gradient flex min-h-dvh flex-col">
              <ErrorScreen status={404} />
            </main>
          </SiteProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
