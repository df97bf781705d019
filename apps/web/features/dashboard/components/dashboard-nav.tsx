'use client';

import { usePathname } from '@/lib/i18n/navigation';
import { Link } from '@/lib/i18n/navigation';
import type { DashboardNavItem, DashboardNavSection } from '@/config/dashboard-nav';
import { cn } from '@/lib/utils';
import { NavIcon } from '@/components/layout/nav-icon';

const isActive = (item: DashboardNavItem, pathname: string) =>
  item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);

type Props = { sections: DashboardNavSection[]; label: string; className?: string };

/** The sidebar's sections (labels already translated), the current page marked for screen readers too. */
export function DashboardNav({ sections, label, className }: Props) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={cn('grid gap-6', className)} data-testid="dashboard-nav">
      {sections.map((section) => (
        <div key={section.id} className="grid gap-1">
          {section.label ? <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{section.label}</p> : null}
          <ul className="grid gap-0.5">
            {section.items.map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.id}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm',
                      active ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                    )}
                  >
                    <NavIcon icon={item.icon} className="size-4 shrink-0" />
                    <span className="truncate">{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The same links in one row, for a top bar (the `default` layout's): the sections' items side by side. */
export function DashboardNavBar({ sections, label, className }: Props) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={className} data-testid="app-nav">
      <ul className="flex items-center gap-0.5">
        {sections
          .flatMap((section) => section.items)
          .map((item) => {
            const active = isActive(item, pathname);
            return (
              <li key={item.id}>
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm whitespace-nowrap',
                    active ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                  )}
                >
                  <NavIcon icon={item.icon} className="size-4 shrink-0" />
                  {item.label}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
