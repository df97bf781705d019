import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

/** The marketing layout: home, product pages, AI directory, blog, docs and changelog. */
export default async function MarketingLayout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  // Layouts render in parallel with their pages, so each registers the language itself.
  await pageLocale(props);
  return <SiteShell>{children}</SiteShell>;
}
