'use client';

import { Menu, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { usePathname } from '@/lib/i18n/navigation';

/**
 * The header's links on narrow screens: a disclosure that closes on navigation and on Escape. `className` says from
 * which width the header shows its links itself (`md:hidden` by default); a header that never can passes ''.
 */
export function MobileNav({ children, className = 'md:hidden' }: { children: ReactNode; className?: string }) {
  const t = useTranslations('nav');
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={className}>
      <Button
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls="mobile-nav"
        aria-label={open ? t('closeMenu') : t('openMenu')}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
        data-testid="mobile-nav-toggle"
      >
        {open ? <X aria-hidden /> : <Menu aria-hidden />}
      </Button>
      <div id="mobile-nav" hidden={!open} className="absolute inset-x-0 top-16 z-40 border-b border-border bg-background px-4 pb-6 shadow-lg">
        {children}
      </div>
    </div>
  );
}
