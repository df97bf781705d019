import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { Sessions } from '@/features/settings/components/sessions';
import { SignInMethods } from '@/features/settings/components/sign-in-methods';
import { TwoStep } from '@/features/settings/components/two-step';
import { settingsAuthFeatures } from '@/features/settings/server/auth-features';
import { requireUser } from '@/lib/auth/session';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'settings' });
  return { title: `${t('nav.security')} · ${t('title')}` };
}

/** /dashboard/settings/security: two-step verification, sign-in methods and sessions. */
export default async function SecuritySettingsPage(props: LocaleParams) {
  // Signed-in only, and rendered per request (never prerendered at build time).
  await requireUser(await pageLocale(props));
  const config = await getAuthConfig();
  const features = settingsAuthFeatures();
  return (
    <>
      <TwoStep phoneEnabled={features.phoneMfa} />
      <SignInMethods providers={config.providers} manualLinking={features.manualLinking} />
      <Sessions />
    </>
  );
}
