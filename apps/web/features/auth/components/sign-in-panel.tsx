'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import type { Locale } from '@/lib/i18n/routing';
import { getSupabaseBrowserClient } from '@/lib/supabase/browser';
import { rememberedPath, takeAfterSignInPath } from '../client/after-sign-in';
import { takeArrivalError } from '../client/take-arrival-error';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { AuthCard } from './auth-card';
import { ConfigProblem } from './config-problem';
import { EmailPasswordForm } from './email-password-form';
import { FormAlert } from '@/components/ui/form-alert';
import { MethodChoice, type SignInMethod } from './method-choice';
import { MagicLinkForm } from './magic-link-form';
import { MfaChallenge } from './mfa-challenge';
import { OAuthButtons } from './oauth-buttons';
import { PhoneCodeForm } from './phone-code-form';
import { Link } from '@/lib/i18n/navigation';
import { isSessionEndReason, type SessionEndReason } from '../schema';

/**
 * /auth/signin: OAuth providers, email and password (or a mailed link), phone and SMS code, then — for
 * accounts with an authenticator app — the code from it. Success says so and continues to the redirect
 * target (see afterSignInPath).
 */
export function SignInPanel() {
  const t = useTranslations('auth');
  const te = useTranslations('errors');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { config, error: configError, retry } = useAuthConfig(locale);
  const [method, setMethod] = useState<SignInMethod>('email');
  const [magic, setMagic] = useState(false);
  const [needsMfa, setNeedsMfa] = useState(false);
  const [arrivalError, setArrivalError] = useState<string | null>(null);
  const [reason, setReason] = useState<'research' | 'page' | null>(null);
  const [ended, setEnded] = useState<SessionEndReason | null>(null);

  useEffect(() => {
    // Failures of OAuth and mailed links arrive as ?error=<code> (the page itself is prerendered).
    const code = takeArrivalError();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the query is only known in the browser
    if (code) setArrivalError(code === 'rate_limited' ? te('rate_limited', { seconds: 60 }) : te(code as 'link_expired'));
    // A visitor sent here from a signed-in page (the guard's cookie, or ?redirect=…) is told why, not just shown a form.
    const query = new URLSearchParams(window.location.search);
    const back = query.get('redirect') ?? rememberedPath();
    if (back?.startsWith('/')) setReason(/^(\/zh)?\/ai\/research(\/|\?|$)/.test(back) ? 'research' : 'page');
    // Sent here because the session ended before its token expired (/api/auth/session-ended): say why.
    const endedReason = query.get('reason');
    if (isSessionEndReason(endedReason)) setEnded(endedReason);
    // From the error page of a sign-in link that did not work (?method=magic): straight to a new link.
    if (query.get('method') === 'magic') setMagic(true);
  }, [te]);

  function finish() {
    toast({ title: t('signIn.success'), variant: 'success' });
    router.replace(takeAfterSignInPath(locale));
  }

  /** After a code sign-in: accounts with a verified authenticator still need its code (aal2). */
  async function afterCodeSignIn() {
    if (!config) return finish();
    const { data } = await getSupabaseBrowserClient(config, locale).auth.mfa.getAuthenticatorAssuranceLevel();
    if (data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2') setNeedsMfa(true);
    else finish();
  }

  if (needsMfa && config) {
    return (
      <AuthCard title={t('mfa.title')} lead={t('mfa.lead')}>
        <MfaChallenge config={config} onVerified={finish} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('signIn.title')}
      lead={t('signIn.lead')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link href="/auth/signup" className="font-medium text-primary underline-offset-2 hover:underline">
            {t('signIn.createAccount')}
          </Link>
        </>
      }
    >
      <div className="grid gap-4">
        {ended ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm" data-testid="sign-in-ended">
            {t(`signIn.ended.${ended}`)}
          </p>
        ) : reason ? (
          <p role="status" className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm" data-testid="sign-in-reason">
            {t(reason === 'research' ? 'signIn.reasonResearch' : 'signIn.reasonPage')}
          </p>
        ) : null}
        {arrivalError ? <FormAlert>{arrivalError}</FormAlert> : null}
        {configError ? <ConfigProblem error={configError} onRetry={retry} /> : null}
        {config ? <OAuthButtons providers={config.providers} /> : null}
        {config?.phone ? <MethodChoice name="signin-method" value={method} onChange={setMethod} /> : null}
        {method === 'phone' ? (
          <PhoneCodeForm config={config} onSignedIn={() => void afterCodeSignIn()} />
        ) : magic ? (
          <MagicLinkForm config={config} onSignedIn={afterCodeSignIn} />
        ) : (
          <EmailPasswordForm config={config} onSignedIn={(result) => (result.mfa.required ? setNeedsMfa(true) : finish())} />
        )}
        {method === 'email' ? (
          <button
            type="button"
            onClick={() => setMagic((value) => !value)}
            className="justify-self-center text-sm text-primary underline-offset-2 hover:underline"
            data-testid="toggle-magic"
          >
            {magic ? t('signIn.usePassword') : t('signIn.magicLink')}
          </button>
        ) : null}
      </div>
    </AuthCard>
  );
}
