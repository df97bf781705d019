import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { settingsNav } from '@/config/settings-nav';
import { SettingsNav } from '@/features/settings/components/settings-nav';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { settingsMessages } from '@/features/settings/messages';

/** /dashboard/settings/*: the account settings, with their own navigation beside (or above, on phones) each page. */
export default async function SettingsLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale }), getMessages()]);
  const items = settingsNav.map((item) => ({ ...item, label: t(item.label as 'settings.nav.profile') }));
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('settings.title')}</h1>
        <p className="text-muted-foreground">{t('settings.lead')}</p>
      </header>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, settingsMessages)} timeZone="UTC">
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[11rem_minmax(0,1fr)]">
          <SettingsNav items={items} label={t('settings.nav.label')} />
          <div className="grid min-w-0 content-start gap-6">{children}</div>
        </div>
      </IntlClientProvider>
    </div>
  );
}
