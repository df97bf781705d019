import { getMessages, getTranslations } from 'next-intl/server';
import { dashboardNav, type DashboardNavSection } from '@/config/dashboard-nav';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import type { Locale } from '@/lib/i18n/routing';
import { dashboardMessages } from '../messages';

/**
 * What the signed-in frames (the dashboard's sidebar and the `default` layout's top bar) need from the server:
 * the user (requireUser() redirects a visitor to sign in), the signed-in navigation with its labels translated,
 * the auth service's public settings and the messages their client components read.
 */
export async function signedInChromeProps(locale: Locale) {
  const user = await requireUser(locale);
  const [messages, config, t] = await Promise.all([getMessages(), getAuthConfig(), getTranslations()]);
  const sections: DashboardNavSection[] = dashboardNav.map((section) => ({
    ...section,
    label: section.label ? t(section.label as 'dashboard.nav.aiTools') : null,
    items: section.items.map((item) => ({ ...item, label: t(item.label as 'dashboard.nav.overview') })),
  }));
  return {
    locale,
    messages: clientMessagesWith(messages, dashboardMessages),
    config,
    sections,
    labels: { nav: t('dashboard.nav.label'), home: t('common.home'), skipToContent: t('common.skipToContent') },
    fallbackName: user.email ?? (user.phone ? `+${user.phone}` : ''),
  };
}
