import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminSignInPanel } from '@/features/auth/components/admin-sign-in-panel';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.login' });
  return constructMetadata({ title: t('title'), description: t('lead'), path: '/admin/login', locale, noIndex: true });
}

export default async function AdminLoginPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.login' });
  return <AdminSignInPanel title={t('title')} lead={t('lead')} />;
}
