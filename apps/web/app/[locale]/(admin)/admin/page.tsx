import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OverviewView } from '@/features/admin/components/overview-view';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.overview' });
  return constructMetadata({ title: t('title'), description: t('lead'), path: '/admin', locale, noIndex: true });
}

// The figures load from /api/admin/overview, which checks the admin role on every call.
export default async function AdminOverviewPage(props: LocaleParams) {
  await pageLocale(props);
  return <OverviewView />;
}
