'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { passwordResetLanding } from '@/lib/auth/urls';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { useMailRequest } from '../client/use-mail-request';
import { useSupabase } from '@/hooks/use-supabase';
import { AuthCard } from './auth-card';
import { ConfigProblem } from './config-problem';
import { FormAlert } from '@/components/ui/form-alert';
import { MailCodeForm } from './mail-code-form';
import { MailboxHint } from './mailbox-hint';

/** Asks for a password-reset link; it signs the person in on /auth/reset-password (PKCE, this browser). */
export function ForgotPasswordForm() {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const { config, error: configError, retry } = useAuthConfig(locale);
  const supabase = useSupabase(config);
  const router = useRouter();
  const { email, setEmail, sentTo, fieldError, error, pending, secondsLeft, submit, ready } = useMailRequest(
    supabase && ((address) => supabase.auth.resetPasswordForEmail(address, { redirectTo: passwordResetLanding(locale) })),
  );

  return (
    <AuthCard
      title={t('forgot.title')}
      lead={t('forgot.lead')}
      footer={
        <Link href="/auth/signin" className="font-medium text-primary underline-offset-2 hover:underline">
          {t('forgot.backToSignIn')}
        </Link>
      }
    >
      <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="forgot-form">
        {configError ? <ConfigProblem error={configError} onRetry={retry} /> : null}
        {sentTo ? (
          <FormAlert kind="success" title={t('forgot.sent')} testId="forgot-sent">
            {t('forgot.sentBody', { email: sentTo })}
          </FormAlert>
        ) : null}
        {error ? <FormAlert>{error.message}</FormAlert> : null}
        <Field label={t('email')} error={fieldError}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="forgot-email"
          />
        </Field>
        <Button type="submit" disabled={!ready || pending || secondsLeft > 0} data-testid="forgot-submit">
          {pending ? t('forgot.sending') : secondsLeft > 0 ? t('mailResendIn', { seconds: secondsLeft }) : t('forgot.submit')}
        </Button>
        {sentTo ? <MailboxHint href={config?.mailbox} to={sentTo} /> : null}
      </form>
      {sentTo ? (
        <div className="mt-6">
          <MailCodeForm
            config={config}
            email={sentTo}
            type="recovery"
            submitLabel={t('mailCode.reset')}
            onVerified={() => router.push('/auth/reset-password')}
          />
        </div>
      ) : null}
    </AuthCard>
  );
}
