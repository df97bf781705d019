'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Link } from '@/lib/i18n/navigation';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useHydrated } from '@/hooks/use-hydrated';
import { fieldIssues } from '../client/field-issues';
import { signInSchema } from '../schema';
import type { SignInResult } from '../server/sign-in';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordInput } from '@/components/ui/password-input';
import { ResendConfirmation } from './resend-confirmation';
import { useApi } from '@/lib/api/use-api';

/** Email and password, through POST /api/auth/signin (which sets the session cookies). */
export function EmailPasswordForm({ config, onSignedIn }: { config: PublicAuthConfig | null; onSignedIn: (result: SignInResult) => void }) {
  const t = useTranslations('auth');
  const v = useTranslations('validation');
  const api = useApi();
  const toMessage = useErrorMessage();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ShownError | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      return setIssues(fieldIssues(parsed.error, v));
    }
    setIssues({});
    setPending(true);
    try {
      onSignedIn(await api.fetch<SignInResult>('/api/auth/signin', { body: parsed.data }));
    } catch (failure) {
      const shown = toMessage(failure);
      setError(shown);
      setIssues(shown.issues);
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="signin-form">
      {issues.form ? <FormAlert>{issues.form}</FormAlert> : null}
      {error && error.code !== 'validation_failed' ? (
        <FormAlert>
          {error.message}
          {error.code === 'email_not_confirmed' && email ? (
            <div className="mt-2">
              <ResendConfirmation config={config} email={email.trim().toLowerCase()} label={t('signIn.resendConfirmation')} />
            </div>
          ) : null}
        </FormAlert>
      ) : null}
      <Field label={t('email')} error={issues.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="signin-email"
        />
      </Field>
      <Field
        label={t('password')}
        error={issues.password}
        labelAction={
          <Link href="/auth/forgot-password" className="text-xs text-primary underline-offset-2 hover:underline" data-testid="forgot-link">
            {t('signIn.forgot')}
          </Link>
        }
      >
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="signin-password"
        />
      </Field>
      <Button type="submit" disabled={!hydrated || pending} data-testid="signin-submit">
        {pending ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}
