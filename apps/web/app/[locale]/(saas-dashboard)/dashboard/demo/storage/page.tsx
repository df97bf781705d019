import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { FilesApp } from '@/features/files/components/files-app';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { filesMessages } from '@/features/files/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'files' });
  return { title: t('title') };
}

/** /dashboard/demo/storage: My files, the signed-in user's folder in the private `files` bucket. */
export default async function FilesPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const user = await requireUser(locale);
  const [t, messages, config] = await Promise.all([getTranslations({ locale, namespace: 'files' }), getMessages(), getAuthConfig()]);
  // The browser uploads straight to the storage service (the embedded one on this origin, or hosted Supabase).
  const storageUrl = config.url ? `${config.url.replace(/\/+$/, '')}/storage/v1` : '/platform/storage/v1';
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, filesMessages)} timeZone="UTC">
        <FilesApp userId={user.id} storageUrl={storageUrl} anonKey={config.anonKey} />
      </IntlClientProvider>
    </div>
  );
}
