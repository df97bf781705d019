import type { Metadata } from 'next';
import { desc, eq } from '@citewise/db/orm';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { TeamPanel } from '@/features/team/components/team-panel';
import { listSharedPapers } from '@/features/team/server/shared-library';
import { teamView } from '@/features/team/server/team';
import { requireUser } from '@/lib/auth/session';
import { libraryPapers } from '@/lib/db/schema';
import { withUserDb } from '@/lib/db/user-db';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { teamSettingsMessages } from '@/features/team/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: 'team' }), getTranslations({ locale, namespace: 'settings' })]);
  return { title: `${t('nav')} · ${ts('title')}` };
}

/** /dashboard/settings/team: invitations to me, my team (seats, members, invitations) and its shared library. */
export default async function TeamSettingsPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const user = await requireUser(locale);
  const [team, shared, own, messages] = await Promise.all([
    teamView(user),
    listSharedPapers(user.claims),
    withUserDb(user.claims, (db) =>
      db
        .select({ paperId: libraryPapers.paperId, paper: libraryPapers.paper })
        .from(libraryPapers)
        .where(eq(libraryPapers.userId, user.id))
        .orderBy(desc(libraryPapers.createdAt))
        .limit(200),
    ),
    getMessages(),
  ]);
  const ownPapers = own.map((row) => ({ paperId: row.paperId, title: row.paper.title }));
  return (
    <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, teamSettingsMessages)} timeZone="UTC">
      <TeamPanel team={team} shared={shared} ownPapers={ownPapers} userId={user.id} />
    </IntlClientProvider>
  );
}
