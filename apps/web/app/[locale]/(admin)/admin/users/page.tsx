import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UsersView } from '@/features/admin/components/users-view';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  return constructMetadata({ title: t('title'), description: t('lead'), path: '/admin/users', locale, noIndex: true });
}

// The list loads from /api/admin/users, which checks the admin role on every call.
export default async function AdminUsersPage(props: LocaleParams) {
  await pageLocale(props);
  return <UsersView />;
}
