import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'auth.meta' });
  return constructMetadata({ title: t('forgotTitle'), description: t('signInDescription'), path: '/auth/forgot-password', locale, noIndex: true });
}

export default async function Page(props: LocaleParams) {
  await pageLocale(props);
  return <ForgotPasswordForm />;
}
