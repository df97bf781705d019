'use client';

import { KeyRound } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

/** One button per sign-in provider switched on in the auth service. */
export function OAuthButtons({ providers }: { providers: PublicAuthConfig['providers'] }) {
  const t = useTranslations('auth');
  const locale = useLocale();
  const [redirect, setRedirect] = useState<string | null>(null);
  useEffect(() => {
    // Read after hydration: the page is prerendered without a query string.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the query is only known in the browser
    setRedirect(new URLSearchParams(window.location.search).get('redirect'));
  }, []);
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-2">
      {providers.map((provider) => {
        const query = new URLSearchParams({ provider: provider.id, locale });
        if (redirect) query.set('redirect', redirect);
        return (
          <a
            key={provider.id}
            href={`/api/auth/oauth?${query.toString()}`}
            className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            data-testid={`oauth-${provider.id}`}
          >
            <KeyRound aria-hidden />
            {t('oauth.continueWith', { provider: provider.name })}
          </a>
        );
      })}
      <div className="my-2 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t('or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
