import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignUpPanel } from '@/features/auth/components/sign-up-panel';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'auth.meta' });
  return constructMetadata({ title: t('signUpTitle'), description: t('signUpDescription'), path: '/auth/signup', locale });
}

export default async function SignUpPage(props: LocaleParams) {
  await pageLocale(props);
  return <SignUpPanel />;
}
