'use client';

import { LayoutDashboard } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';
import { sessionHint } from './session-hint';

const subscribeNever = () => () => {};
let cached: { cookie: string; hint: ReturnType<typeof sessionHint> } | undefined;
function readHint() {
  const cookie = document.cookie;
  if (cached?.cookie !== cookie) cached = { cookie, hint: sessionHint(cookie) };
  return cached.hint;
}

/**
 * The header's account links (not prefetched: the sign-in pages and the dashboard carry the auth client,
 * which public pages should not download just by being shown): "Sign in" and "Get started" for visitors, the dashboard for someone signed in.
 * Public pages are prerendered, so the browser decides after loading (the server render is the visitor's).
 * Classes go through `cn` (tailwind-merge): with plain clsx the button's own `inline-flex` beat the bar's `hidden`,
 * and the links squeezed into a phone's header and widened the page.
 */
export function HeaderAccount({ variant }: { variant: 'bar' | 'menu' }) {
  const t = useTranslations('nav');
  const hint = useSyncExternalStore(subscribeNever, readHint, () => null);

  if (hint) {
    const initial = (hint.email?.replace(/^\+/, '')[0] ?? '').toUpperCase();
    return (
      <Link
        href="/dashboard"
        prefetch={false}
        className={cn(buttonVariants({ size: variant === 'bar' ? 'sm' : 'default' }), variant === 'bar' ? 'hidden md:inline-flex' : 'col-span-2')}
        data-testid="header-dashboard"
        title={hint.email ?? undefined}
      >
        {initial ? (
          <span className="flex size-5 items-center justify-center rounded-full bg-primary-foreground/20 text-[0.7rem] font-semibold" aria-hidden>
            {initial}
          </span>
        ) : (
          <LayoutDashboard aria-hidden />
        )}
        {t('dashboard')}
      </Link>
    );
  }
  return variant === 'bar' ? (
    <>
      <Link href="/auth/signin" prefetch={false} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'hidden md:inline-flex')} data-testid="header-signin">
        {t('signIn')}
      </Link>
      <Link href="/auth/signup" prefetch={false} className={cn(buttonVariants({ size: 'sm' }), 'hidden md:inline-flex')} data-testid="header-signup">
        {t('getStarted')}
      </Link>
    </>
  ) : (
    <>
      <Link href="/auth/signin" prefetch={false} className={buttonVariants({ variant: 'outline' })}>
        {t('signIn')}
      </Link>
      <Link href="/auth/signup" prefetch={false} className={buttonVariants()}>
        {t('getStarted')}
      </Link>
    </>
  );
}
