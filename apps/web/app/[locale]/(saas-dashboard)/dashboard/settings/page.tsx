import { CITATION_STYLES } from '@citewise/scholar';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Appearance } from '@/features/settings/components/appearance';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { requireUser } from '@/lib/auth/session';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'settings' });
  return { title: `${t('nav.profile')} · ${t('title')}` };
}

/** /dashboard/settings: profile, preferred citation style and language, colour mode. */
export default async function ProfileSettingsPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  // Signed-in only, and rendered per request (never prerendered at build time).
  await requireUser(locale);
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  return (
    <>
      <ProfileForm styles={styles} />
      <Appearance />
    </>
  );
}
