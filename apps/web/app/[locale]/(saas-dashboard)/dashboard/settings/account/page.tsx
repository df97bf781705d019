import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { EmailChange } from '@/features/settings/components/email-change';
import { PasswordChange } from '@/features/settings/components/password-change';
import { PhoneChange } from '@/features/settings/components/phone-change';
import { settingsAuthFeatures } from '@/features/settings/server/auth-features';
import { requireUser } from '@/lib/auth/session';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'settings' });
  return { title: `${t('nav.account')} · ${t('title')}` };
}

/** /dashboard/settings/account: email address, phone number (when phone sign-in is on) and password. */
export default async function AccountSettingsPage(props: LocaleParams) {
  // Signed-in only, and rendered per request (never prerendered at build time).
  await requireUser(await pageLocale(props));
  const config = await getAuthConfig();
  const features = settingsAuthFeatures();
  return (
    <>
      {config.email ? <EmailChange secure={features.secureEmailChange} /> : null}
      {config.phone ? <PhoneChange /> : null}
      <PasswordChange />
    </>
  );
}
