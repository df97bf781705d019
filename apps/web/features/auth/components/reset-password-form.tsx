'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/hooks/use-toast';
import { Link } from '@/lib/i18n/navigation';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { fieldIssues } from '../client/field-issues';
import { newPasswordSchema } from '../schema';
import { AuthCard } from './auth-card';
import { ConfigProblem } from './config-problem';
import { FormAlert } from '@/components/ui/form-alert';
import { MfaChallenge } from './mfa-challenge';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrength } from './password-strength';

type Stage = 'loading' | 'no-session' | 'mfa' | 'form';

/**
 * The page the password-reset link signs the person in to. Accounts with an authenticator app confirm its
 * code first: the auth service refuses a password change from an aal1 session of such an account.
 */
export function ResetPasswordForm() {
  const t = useTranslations('auth');
  const v = useTranslations('validation');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { config, error: configError, retry } = useAuthConfig(locale);
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const [stage, setStage] = useState<Stage>('loading');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [rejected, setRejected] = useState<string[]>([]);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!supabase) return;
    let live = true;
    void (async () => {
      const { data } = await supabase.auth.getUser();
      if (!live) return;
      if (!data.user) return setStage('no-session');
      const { data: levels } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      if (live) setStage(levels?.nextLevel === 'aal2' && levels.currentLevel !== 'aal2' ? 'mfa' : 'form');
    })();
    return () => {
      live = false;
    };
  }, [supabase]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setError(null);
    const parsed = newPasswordSchema.safeParse({ password, confirm });
    if (!parsed.success) {
      return setIssues(fieldIssues(parsed.error, v));
    }
    setIssues({});
    setPending(true);
    const { error: updateError } = await supabase.auth.updateUser({ password: parsed.data.password });
    setPending(false);
    if (updateError) {
      const shown = toMessage(updateError);
      setRejected(shown.code === 'weak_password' ? ((updateError as { reasons?: string[] }).reasons ?? []) : []);
      setIssues(shown.issues);
      return setError(shown);
    }
    toast({ title: t('reset.success'), variant: 'success' });
    router.replace(localizePath('/dashboard', locale));
  }

  if (configError) return <ConfigProblem error={configError} onRetry={retry} />;
  if (stage === 'mfa' && config) {
    return (
      <AuthCard title={t('mfa.title')} lead={t('mfa.lead')}>
        <MfaChallenge config={config} onVerified={() => setStage('form')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} lead={stage === 'form' ? t('reset.lead') : undefined}>
      {stage === 'loading' ? <p className="text-sm text-muted-foreground">{t('loading')}</p> : null}
      {stage === 'no-session' ? (
        <FormAlert title={t('reset.noSession')}>
          <Link href="/auth/forgot-password">{t('reset.requestLink')}</Link>
        </FormAlert>
      ) : null}
      {stage === 'form' ? (
        <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="reset-form">
          {error && error.code !== 'validation_failed' && error.code !== 'weak_password' ? <FormAlert>{error.message}</FormAlert> : null}
          <Field label={t('reset.password')} error={issues.password}>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby="password-rules"
              data-testid="reset-password"
            />
          </Field>
          <PasswordStrength password={password} policy={config?.passwordPolicy ?? { minLength: 6, requiredCharacters: [] }} rejected={rejected} />
          <Field label={t('reset.confirm')} error={issues.confirm}>
            <PasswordInput
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              data-testid="reset-confirm"
            />
          </Field>
          <Button type="submit" disabled={pending} data-testid="reset-submit">
            {pending ? t('reset.saving') : t('reset.submit')}
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
