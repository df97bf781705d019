'use client';

import type { ComponentProps } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';

/**
 * A link of the site's header or footer. The link to the page being shown is marked as the current page and
 * not prefetched: the page is already here, and prefetching it again cost a phone five requests for its
 * segments, and their parsing, right after the page had loaded.
 */
export function NavLink({ href, ...props }: Omit<ComponentProps<typeof Link>, 'href' | 'prefetch' | 'aria-current'> & { href: string }) {
  const current = usePathname() === href;
  return <Link href={href} prefetch={current ? false : undefined} aria-current={current ? 'page' : undefined} {...props} />;
}
