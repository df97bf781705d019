'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { authGuard } from '@/config/auth';
import { rememberedPath } from '@/features/auth/client/after-sign-in';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ConfigProblem } from '@/features/auth/components/config-problem';
import { EmailPasswordForm } from '@/features/auth/components/email-password-form';
import { MfaChallenge } from '@/features/auth/components/mfa-challenge';
import { toast } from '@/hooks/use-toast';
import { isAuthPage, splitLocale } from '@/lib/auth/guard';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { safeRedirect } from '@/lib/safe-redirect';

/** Where to go once signed in: the admin page asked for (a path on this site under /admin), else /admin. */
function adminTarget(locale: Locale): string {
  const requested = new URLSearchParams(window.location.search).get('redirect') ?? rememberedPath();
  document.cookie = `${authGuard.redirectCookie.name}=; path=/; max-age=0; samesite=lax`;
  const fallback = localizePath('/admin', locale);
  return safeRedirect(requested, {
    fallback,
    refuse: (path) =>
      isAuthPage(path) || !/^\/admin(\/|$)/.test(splitLocale(path.split(/[?#]/)[0] ?? '/').path) || /^\/admin\/login(\/|$)/.test(splitLocale(path).path),
  });
}

/**
 * /admin/login: the admin area's own sign-in — email and password, then the authenticator code when the account
 * has one. Whether the account may enter is decided by the admin layout afterwards, never here. The texts come from
 * the page (the sign-in pages' messages do not carry the admin area's).
 */
export function AdminSignInPanel({ title, lead }: { title: string; lead: string }) {
  const ta = useTranslations('auth');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { config, error, retry } = useAuthConfig(locale);
  const [needsMfa, setNeedsMfa] = useState(false);

  function finish() {
    toast({ title: ta('signIn.success'), variant: 'success' });
    router.replace(adminTarget(locale));
  }

  if (needsMfa && config) {
    return (
      <AuthCard title={ta('mfa.title')} lead={ta('mfa.lead')}>
        <MfaChallenge config={config} onVerified={finish} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} lead={lead}>
      <div className="grid gap-4" data-testid="admin-login">
        {error ? <ConfigProblem error={error} onRetry={retry} /> : null}
        <EmailPasswordForm config={config} onSignedIn={(result) => (result.mfa.required ? setNeedsMfa(true) : finish())} />
      </div>
    </AuthCard>
  );
}
