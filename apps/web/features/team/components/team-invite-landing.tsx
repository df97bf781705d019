'use client';

import type { SupabaseClient } from '@supabase/supabase-js';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { useSupabase } from '@/hooks/use-supabase';
import { FormAlert } from '@/components/ui/form-alert';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';

export const teamSettingsPath = '/dashboard/settings/team';

/**
 * Where the auth service's team invitation mail leads, signed in either way the service may send it: through
 * /api/auth/confirm (the embedded service's AUTH_MAILER_CONFIRM_URL, or a Supabase project's template pointing
 * there), which verified the token hash and wrote the session cookie before sending the browser here; or through
 * the service's own `GET /verify`, which hands the session in the address's fragment (never sent to a server). The
 * session is kept in the product's cookie, the fragment is dropped from the address, and the team page opens,
 * where the invitation waits to be accepted.
 */
/** Takes the session out of the address's fragment (dropping it from the address) into the cookie, or finds it there. */
async function keepSession(supabase: SupabaseClient): Promise<boolean> {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(null, '', window.location.pathname);
  if (fragment.get('error')) return false;
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (!accessToken || !refreshToken) {
    // Verified by /api/auth/confirm: the cookie holds the session already (checked with the auth service).
    const { data, error } = await supabase.auth.getUser();
    return !error && Boolean(data.user);
  }
  const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  return !error;
}

export function TeamInviteLanding() {
  const t = useTranslations('team.landing');
  const locale = useLocale();
  const router = useRouter();
  const { config } = useAuthConfig(locale);
  const supabase = useSupabase(config);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!supabase || started.current) return;
    started.current = true;
    void keepSession(supabase).then((ok) => {
      if (ok) router.replace(teamSettingsPath);
      else setFailed(true);
    });
  }, [supabase, router]);

  if (failed) {
    return (
      <div className="grid gap-4" data-testid="team-invite-failed">
        <FormAlert title={t('failed')}>{t('failedHint')}</FormAlert>
        <Link href="/auth/signin" className={cn(buttonVariants({ variant: 'outline' }))}>
          {t('signIn')}
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-muted-foreground" data-testid="team-invite-joining">
      {t('joining')}
    </p>
  );
}
