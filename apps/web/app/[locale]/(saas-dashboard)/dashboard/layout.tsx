import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { dashboardNav } from '@/config/dashboard-nav';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { DashboardChrome } from '@/features/dashboard/components/dashboard-chrome-lazy';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { dashboardMessages } from '@/features/dashboard/messages';

// Signed-in pages are never indexed (robots.txt keeps crawlers out as well).
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The saas-dashboard layout: sidebar, top bar with the user menu, and the same navigation in a menu on
 * phones. Only signed-in users get here (the proxy's guard, and requireUser() again for safety).
 */
export default async function DashboardLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  const locale = await pageLocale(props);
  const user = await requireUser(locale);
  const [messages, config, t] = await Promise.all([getMessages(), getAuthConfig(), getTranslations()]);
  const sections = dashboardNav.map((section) => ({
    ...section,
    label: section.label ? t(section.label as 'dashboard.nav.aiTools') : null,
    items: section.items.map((item) => ({ ...item, label: t(item.label as 'dashboard.nav.overview') })),
  }));

  return (
    <DashboardChrome
      locale={locale}
      messages={clientMessagesWith(messages, dashboardMessages)}
      config={config}
      sections={sections}
      labels={{ nav: t('dashboard.nav.label'), home: t('common.home'), skipToContent: t('common.skipToContent') }}
      fallbackName={user.email ?? (user.phone ? `+${user.phone}` : '')}
    >
      {children}
    </DashboardChrome>
  );
}
