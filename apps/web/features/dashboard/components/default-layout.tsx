import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { signedInChromeProps } from '../server/chrome-props';
import { AppChrome } from './app-chrome-lazy';

// Signed-in pages are never indexed (robots.txt keeps crawlers out as well).
export const defaultLayoutMetadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The `default` layout of the signed-in AI tools (/ai/research, /ai/chat/*, /ai/completion/*): the app's top bar
 * with the signed-in navigation and the account menu, no marketing footer, the full width for the page. Only
 * signed-in users get here (the proxy's guard, and requireUser() again for safety).
 *
 * Each of those segments has a layout.tsx that renders this, rather than one layout at the top of the `(default)`
 * group or in its `ai/` folder: Next's client manifest names layouts and boundaries by their path without route
 * groups, so a file there would be shared with the marketing pages at the same path (`/ai`, `/ai/workflow/*`),
 * which then load its chunks (e2e/site/budget.spec.ts explains the mechanism).
 */
export async function DefaultLayout({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <AppChrome {...await signedInChromeProps(locale)}>{children}</AppChrome>;
}
