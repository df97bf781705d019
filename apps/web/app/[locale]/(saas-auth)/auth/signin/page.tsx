import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'auth.meta' });
  return constructMetadata({ title: t('signInTitle'), description: t('signInDescription'), path: '/auth/signin', locale, noIndex: true });
}

export default async function SignInPage(props: LocaleParams) {
  await pageLocale(props);
  return <SignInPanel />;
}
