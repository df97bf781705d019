import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { adminEnrolNav, adminNav } from '@/config/admin-nav';
import { AdminEnrol } from '@/features/admin/components/admin-enrol';
import { adminAccess } from '@/lib/auth/admin-access';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { DashboardChrome } from '@/features/dashboard/components/dashboard-chrome-lazy';
import { currentUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { localizePath } from '@/lib/i18n/routing';
import { adminMessages } from '@/features/admin/messages';

// Never indexed (robots.txt keeps crawlers out as well), never cached: every render checks the role afresh.
export const metadata: Metadata = { robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

/**
 * The admin area: the dashboard's frame with the admin navigation. Signed out → /admin/login (remembering the
 * page); an account with a factor but an aal1 session → the second step; no factor while ADMIN_REQUIRE_MFA → the
 * way to set one up; not an admin → the 403 error screen. The pages load their data from /api/admin/*, which
 * checks the same again on every call.
 */
export default async function AdminLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  const locale = await pageLocale(props);
  const back = (await headers()).get('x-citewise-path');
  const withBack = (path: string) => (back ? `${path}?redirect=${encodeURIComponent(back)}` : path);
  const access = await adminAccess(await currentUser());
  if (access.status === 'signed_out') redirect(withBack(localizePath('/admin/login', locale)));
  if (access.status === 'mfa_challenge') redirect(withBack(localizePath('/auth/mfa', locale)));
  if (access.status === 'forbidden') forbidden();

  const [messages, config, t] = await Promise.all([getMessages(), getAuthConfig(), getTranslations()]);
  const sections = (access.status === 'ok' ? adminNav : adminEnrolNav).map((section) => ({
    ...section,
    label: section.label ? t(section.label as 'admin.nav.section') : null,
    items: section.items.map((item) => ({ ...item, label: t(item.label as 'admin.nav.users') })),
  }));
  const user = access.user;
  return (
    <DashboardChrome
      locale={locale}
      messages={clientMessagesWith(messages, adminMessages)}
      config={config}
      sections={sections}
      labels={{ nav: t('admin.nav.label'), home: t('common.home'), skipToContent: t('common.skipToContent') }}
      fallbackName={user.email ?? (user.phone ? `+${user.phone}` : '')}
    >
      {access.status === 'ok' ? children : <AdminEnrol />}
    </DashboardChrome>
  );
}
