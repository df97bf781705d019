import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { UsersView } from '@/features/admin/components/users-view';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  return constructMetadata({ title: t('title'), description: t('lead'), path: '/admin/users', locale, noIndex: true });
}

// The list loads from /api/admin/users, which checks the admin role on every call. The provider filter offers the
// ways of signing in the auth service has switched on.
export default async function AdminUsersPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const [config, t] = await Promise.all([getAuthConfig(), getTranslations({ locale, namespace: 'admin.users.providers' })]);
  const providers = [
    ...(config.email ? [{ id: 'email', name: t('email') }] : []),
    ...(config.phone ? [{ id: 'phone', name: t('phone') }] : []),
    ...config.providers,
  ];
  return (
    <Suspense>
      <UsersView providers={providers} />
    </Suspense>
  );
}
