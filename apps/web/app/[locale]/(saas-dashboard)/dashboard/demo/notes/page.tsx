import { CITATION_STYLES } from '@citewise/scholar';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { NotesApp } from '@/features/notes/components/notes-app';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { notesMessages } from '@/features/notes/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'notes' });
  return { title: t('title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /dashboard/demo/notes: the signed-in user's research notes (`?note=` opens one). */
export default async function NotesPage(props: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await pageLocale(props);
  const user = await requireUser(locale);
  const [t, messages, search] = await Promise.all([getTranslations({ locale, namespace: 'notes' }), getMessages(), props.searchParams]);
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  const noteId = typeof search.note === 'string' && UUID.test(search.note) ? search.note : null;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, notesMessages)} timeZone="UTC">
        <NotesApp styles={styles} userId={user.id} initialNoteId={noteId} />
      </IntlClientProvider>
    </div>
  );
}
