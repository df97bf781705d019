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

/**
 * /auth/error: a mailed link that did not work (expired, used, opened in another browser). Says why and
 * offers the ways forward: a new confirmation mail, a new reset link, or signing in.
 */
export function LinkErrorPanel() {
  const t = useTranslations('auth');
  const te = useTranslations('errors');
  const locale = useLocale() as Locale;
  const { config } = useAuthConfig(locale);
  const supabase = useSupabase(config);
  const [code, setCode] = useState<ErrorCode>('link_expired');
  const { email, setEmail, sentTo, fieldError, error, pending, secondsLeft, submit, ready } = useMailRequest(
    supabase && ((address) => supabase.auth.resend({ type: 'signup', email: address, options: { emailRedirectTo: confirmationLanding(locale) } })),
  );

  useEffect(() => {
    const value = takeArrivalError();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the query is only known in the browser
    if (value) setCode(value);
  }, []);

  return (
    <AuthCard title={t('error.title')}>
      <div className="grid gap-6">
        <FormAlert testId="link-error">{code === 'rate_limited' ? te('rate_limited', { seconds: 60 }) : te(code as 'link_expired')}</FormAlert>
        <form onSubmit={submit} method="post" className="grid gap-3" noValidate>
          <h2 className="font-medium">{t('error.resendTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('error.resendLead')}</p>
          {sentTo ? <FormAlert kind="success">{t('error.resent')}</FormAlert> : null}
          {error ? <FormAlert>{error.message}</FormAlert> : null}
          <Field label={t('email')} error={fieldError}>
            <Input name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} data-testid="error-resend-email" />
          </Field>
          <Button type="submit" variant="outline" disabled={!ready || pending || secondsLeft > 0} data-testid="error-resend">
            {secondsLeft > 0 ? t('phoneCode.resendIn', { seconds: secondsLeft }) : t('error.resend')}
          </Button>
          {sentTo ? <MailboxHint href={config?.mailbox} to={sentTo} /> : null}
        </form>
        <div className="grid gap-2 sm:grid-cols-2">
          <Link href="/auth/forgot-password" className={buttonVariants({ variant: 'outline' })}>
            {t('error.newReset')}
          </Link>
          <Link href="/auth/signin" className={buttonVariants()}>
            {t('error.signIn')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
