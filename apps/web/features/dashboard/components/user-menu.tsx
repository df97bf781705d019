'use client';

import { ChevronDown, LogOut, Sparkles } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useMenuButton } from '@/components/ui/use-menu-button';
import { useAuth } from '@/hooks/use-auth';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';
import { avatarUrlOf } from '@/lib/avatar';
import { PlanBadge } from './plan-badge';

/** Who is signed in, on which plan, and the way out (WAI-ARIA menu button: arrows, Escape, Tab). */
export function UserMenu({ fallbackEmail }: { fallbackEmail: string }) {
  const t = useTranslations('dashboard.user');
  const { user, signOut } = useAuth();
  const { open, root, itemRef, buttonProps, menuProps } = useMenuButton();
  const [leaving, setLeaving] = useState(false);
  const name = user?.email || (user?.phone ? `+${user.phone}` : '') || fallbackEmail;
  const initial = (name.replace(/^\+/, '')[0] ?? '?').toUpperCase();
  const avatar = avatarUrlOf(user);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        {...buttonProps}
        aria-label={t('menu', { email: name })}
        className="flex items-center gap-2 rounded-full border border-border bg-card py-1 pr-2 pl-1 text-sm hover:bg-accent"
        data-testid="user-menu"
      >
        {avatar ? (
          // The user's own picture from the public avatars bucket (settings/avatar.ts checks where it lives).
          // eslint-disable-next-line @next/next/no-img-element
          <img src={avatar} alt="" className="size-7 rounded-full object-cover" data-testid="user-menu-avatar" />
        ) : (
          <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground" aria-hidden>
            {initial}
          </span>
        )}
        <span className="hidden max-w-48 truncate sm:inline">{name}</span>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </button>
      {open ? (
        <div
          {...menuProps}
          aria-label={t('menu', { email: name })}
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
        >
          <div className="grid gap-1.5 px-2 py-2" role="none">
            <p className="truncate text-sm font-medium" data-testid="user-menu-name">
              {name}
            </p>
            <PlanBadge />
          </div>
          <div className="my-1 h-px bg-border" role="none" />
          <Link href="/pricing" role="menuitem" tabIndex={-1} ref={itemRef(0)} className={itemClass}>
            <Sparkles className="size-4" aria-hidden />
            {t('upgrade')}
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            ref={itemRef(1)}
            disabled={leaving}
            onClick={async () => {
              setLeaving(true);
              await signOut();
              setLeaving(false);
            }}
            className={cn(itemClass, 'w-full text-left')}
            data-testid="sign-out"
          >
            <LogOut className="size-4" aria-hidden />
            {leaving ? t('signingOut') : t('signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

const itemClass =
  'flex items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground disabled:opacity-60';
