'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { ErrorCode } from '@/lib/errors';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { takeArrivalError } from '../client/take-arrival-error';
import { confirmationLanding } from '@/lib/auth/urls';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { useMailRequest } from '../client/use-mail-request';
import { useSupabase } from '@/hooks/use-supabase';
import { AuthCard } from './auth-card';
import { FormAlert } from '@/components/ui/form-alert';
import { MailboxHint } from './mailbox-hint';

type LinkKind = 'signup' | 'recovery' | 'signin';
const isLinkKind = (value: string | null): value is LinkKind => value === 'signup' || value === 'recovery' || value === 'signin';

/**
 * /auth/error: a mailed link that did not work (expired, used, opened in another browser). Says why and
 * offers the ways forward that fit what the link was for (`?link=`, from finish-callback.ts): a new
 * confirmation mail for a sign-up link, a new reset link for a reset link, a new sign-in link for a sign-in
 * link, and signing in; all of them when the kind is unknown.
 */
export function LinkErrorPanel() {
  const t = useTranslations('auth');
  const te = useTranslations('errors');
  const locale = useLocale() as Locale;
  const { config } = useAuthConfig(locale);
  const supabase = useSupabase(config);
  const [code, setCode] = useState<ErrorCode>('link_expired');
  const [kind, setKind] = useState<LinkKind | null>(null);
  const { email, setEmail, sentTo, fieldError, error, pending, secondsLeft, submit, ready } = useMailRequest(
    supabase && ((address) => supabase.auth.resend({ type: 'signup', email: address, options: { emailRedirectTo: confirmationLanding(locale) } })),
  );

  useEffect(() => {
    const value = takeArrivalError();
    const link = new URLSearchParams(window.location.search).get('link');
    /* eslint-disable react-hooks/set-state-in-effect -- the query is only known in the browser */
    if (value) setCode(value);
    if (isLinkKind(link)) setKind(link);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, []);

  return (
    <AuthCard title={t('error.title')}>
      <div className="grid gap-6">
        <FormAlert testId="link-error">{code === 'rate_limited' ? te('rate_limited', { seconds: 60 }) : te(code as 'link_expired')}</FormAlert>
        {kind === null || kind === 'signup' ? (
          <form onSubmit={submit} method="post" className="grid gap-3" noValidate>
            <h2 className="font-medium">{t('error.resendTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('error.resendLead')}</p>
            {sentTo ? <FormAlert kind="success">{t('error.resent')}</FormAlert> : null}
            {error ? <FormAlert>{error.message}</FormAlert> : null}
            <Field label={t('email')} error={fieldError}>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                data-testid="error-resend-email"
              />
            </Field>
            <Button type="submit" variant="outline" disabled={!ready || pending || secondsLeft > 0} data-testid="error-resend">
              {secondsLeft > 0 ? t('mailResendIn', { seconds: secondsLeft }) : t('error.resend')}
            </Button>
            {sentTo ? <MailboxHint href={config?.mailbox} to={sentTo} /> : null}
          </form>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {kind === null || kind === 'recovery' ? (
            <Link href="/auth/forgot-password" className={buttonVariants({ variant: 'outline' })} data-testid="error-new-reset">
              {t('error.newReset')}
            </Link>
          ) : null}
          {kind === 'signin' ? (
            <Link href="/auth/signin?method=magic" className={buttonVariants({ variant: 'outline' })} data-testid="error-new-signin">
              {t('error.newSignIn')}
            </Link>
          ) : null}
          <Link href="/auth/signin" className={buttonVariants()}>
            {t('error.signIn')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
