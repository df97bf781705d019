import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { SiteProviders } from '@/components/site-providers';
import messages from '@/messages/en.json';

/**
 * For URLs outside the language routes (for example a missing file), which have no language of
 * their own, so the screen is in the default language. Only the strings the screen needs travel
 * with it, and the browser-side provider is used directly: the server version would ask for the
 * request's language, which would make every page dynamic.
 */
export default function GlobalNotFound() {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <IntlClientProvider locale="en" timeZone="UTC" messages={{ errors: messages.errors, toast: messages.toast }}>
          <SiteProviders>
            <main id="main" className="app-gradient flex min-h-dvh flex-col">
              <ErrorScreen status={404} />
            </main>
          </SiteProviders>
        </IntlClientProvider>
      </body>
    </html>
  );
}
