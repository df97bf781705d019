import { CITATION_STYLES } from '@citewise/scholar';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { LibraryApp } from '@/features/library/components/library-app';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { libraryMessages } from '@/features/library/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'library' });
  return { title: t('title') };
}

/** /dashboard/library: the signed-in user's saved papers, collections, tags and notes. */
export default async function LibraryPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: 'library' }), getMessages()]);
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, libraryMessages)} timeZone="UTC">
        <LibraryApp styles={styles} />
      </IntlClientProvider>
    </div>
  );
}
