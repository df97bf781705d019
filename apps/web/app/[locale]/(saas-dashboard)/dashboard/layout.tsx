import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DashboardChrome } from '@/features/dashboard/components/dashboard-chrome-lazy';
import { signedInChromeProps } from '@/features/dashboard/server/chrome-props';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// Signed-in pages are never indexed (robots.txt keeps crawlers out as well).
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The saas-dashboard layout: sidebar, top bar with the user menu, and the same navigation in a menu on
 * phones. Only signed-in users get here (the proxy's guard, and requireUser() again for safety).
 */
export default async function DashboardLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  const chrome = await signedInChromeProps(await pageLocale(props));
  return <DashboardChrome {...chrome}>{children}</DashboardChrome>;
}
