'use client';

import type { SettingsNavItem } from '@/config/settings-nav';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';

/**
 * The settings pages as tabs on phones (rows that wrap, so none is cut off at 390 px) and a list beside the content
 * on wider screens.
 */
export function SettingsNav({ items, label }: { items: readonly SettingsNavItem[]; label: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} data-testid="settings-nav" className="-mx-1 md:mx-0">
      <ul className="flex flex-wrap gap-1 px-1 md:grid md:px-0">
        {items.map((item) => {
          const active = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.id} className="shrink-0">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                data-testid={`settings-nav-${item.id}`}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm whitespace-nowrap',
                  active ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
