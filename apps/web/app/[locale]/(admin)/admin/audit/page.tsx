import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuditView } from '@/features/admin/components/audit-view';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.audit' });
  return constructMetadata({ title: t('title'), description: t('lead'), path: '/admin/audit', locale, noIndex: true });
}

// The log loads from /api/admin/audit, which checks the admin role on every call.
export default async function AdminAuditPage(props: LocaleParams) {
  await pageLocale(props);
  return <AuditView />;
}
