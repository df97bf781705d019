import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { UserView } from '@/features/admin/components/user-view';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(props: LocaleParams<{ id: string }>): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.user' });
  return constructMetadata({ title: t('title'), description: t('title'), path: '/admin/users', locale, noIndex: true });
}

// The account loads from /api/admin/users/{id}, which checks the admin role on every call.
export default async function AdminUserPage(props: LocaleParams<{ id: string }>) {
  await pageLocale(props);
  const { id } = await props.params;
  if (!UUID.test(id)) notFound();
  return <UserView id={id.toLowerCase()} />;
}
