import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { TeamInviteLanding } from '@/features/team/components/team-invite-landing';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';
import { teamInviteMessages } from '@/features/team/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'team.landing' });
  return constructMetadata({ title: t('title'), description: t('title'), path: '/auth/team-invite', locale, noIndex: true });
}

/** /auth/team-invite: the landing of a team invitation mail's link; signs the invited person in and opens the team page. */
export default async function Page(props: LocaleParams) {
  const locale = await pageLocale(props);
  const messages = await getMessages();
  return (
    <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, teamInviteMessages)} timeZone="UTC">
      <TeamInviteLanding />
    </IntlClientProvider>
  );
}
