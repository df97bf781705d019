'use client';

import { LayoutDashboard } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
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
 * The bar's links are hidden below `md` by a wrapper that is `display: contents` from there on (the links sit in the
 * header's flex row as if unwrapped). Putting `hidden` on the links themselves lost to the button's own
 * `inline-flex` without a class merger, and a merger (tailwind-merge) is 27 KB of script public pages need for
 * nothing else.
 */
export function HeaderAccount({ variant }: { variant: 'bar' | 'menu' }) {
  const t = useTranslations('nav');
  const hint = useSyncExternalStore(subscribeNever, readHint, () => null);

  if (hint) {
    const initial = (hint.email?.replace(/^\+/, '')[0] ?? '').toUpperCase();
    const dashboard = (
      <Link
        href="/dashboard"
        prefetch={false}
        className={variant === 'bar' ? buttonVariants({ size: 'sm' }) : `${buttonVariants()} col-span-2`}
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
    return variant === 'bar' ? <span className="hidden md:contents">{dashboard}</span> : dashboard;
  }
  return variant === 'bar' ? (
    <span className="hidden md:contents">
      <Link href="/auth/signin" prefetch={false} className={buttonVariants({ variant: 'ghost', size: 'sm' })} data-testid="header-signin">
        {t('signIn')}
      </Link>
      <Link href="/auth/signup" prefetch={false} className={buttonVariants({ size: 'sm' })} data-testid="header-signup">
        {t('getStarted')}
      </Link>
    </span>
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
