import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AppChrome } from '@/features/dashboard/components/app-chrome-lazy';
import { signedInChromeProps } from '@/features/dashboard/server/chrome-props';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// Signed-in pages are never indexed (robots.txt keeps crawlers out as well).
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The `default` layout of the signed-in AI tools (/ai/research, /ai/chat/*, /ai/completion/*): the app's top bar
 * with the signed-in navigation and the account menu, no marketing footer, the full width for the page. It sits in
 * the group's first segment, not at its top: files at the top of a group under app/[locale] share one entry of
 * Next's client manifest with every other group's (e2e/site/budget.spec.ts). Only signed-in users get here (the
 * proxy's guard, and requireUser() again for safety).
 */
export default async function DefaultLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  const chrome = await signedInChromeProps(await pageLocale(props));
  return <AppChrome {...chrome}>{children}</AppChrome>;
}
