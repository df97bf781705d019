'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { emailField } from '@/features/auth/schema';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

/**
 * A new email address: the auth service mails a confirmation link to it (and, with secure email change on, one
 * to the current address too); the change takes effect once confirmed. The links come back to this page, where
 * the browser client exchanges the code, or the service says the first of two links was accepted.
 */
export function EmailChange({ secure }: { secure: boolean }) {
  const t = useTranslations('settings.email');
  const v = useTranslations('validation');
  const locale = useLocale() as Locale;
  const { user, loaded, supabase } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'sent'; to: string } | { kind: 'error'; message: string } | null>(null);
  const [arrival, setArrival] = useState<'partly' | 'failed' | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    // What a confirmation link's redirect left in the address: the first of two links accepted, or an error.
    const hash = new URLSearchParams(window.location.hash.slice(1));
    const query = new URLSearchParams(window.location.search);
    const found = hash.get('error') || query.get('error') ? 'failed' : hash.get('message') ? 'partly' : null;
    if (!found) return;
    window.history.replaceState(null, '', window.location.pathname);
    queueMicrotask(() => setArrival(found));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setResult(null);
    const parsed = emailField.safeParse(email);
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'invalid'));
    setFieldError(null);
    setPending(true);
    const back = new URL(localizePath('/dashboard/settings/account', locale), window.location.origin).toString();
    const { error } = await supabase.auth.updateUser({ email: parsed.data }, { emailRedirectTo: back });
    setPending(false);
    if (error) return setResult({ kind: 'error', message: toMessage(error).message });
    setResult({ kind: 'sent', to: parsed.data });
    setEmail('');
  }

  const pendingEmail = user?.new_email || null;
  return (
    <SettingsSection title={t('title')} description={secure ? t('leadSecure') : t('lead')} testId="settings-email">
      {!loaded || !user ? (
        <SectionLoading label={t('loading')} />
      ) : (
        <form onSubmit={submit} method="post" noValidate className="grid gap-4" data-testid="email-form">
          <p className="text-sm">
            {t('current')}:{' '}
            <span className="font-medium" data-testid="email-current">
              {user.email || t('none')}
            </span>
          </p>
          {pendingEmail ? <FormAlert kind="info" title={t('pending', { email: pendingEmail })} testId="email-pending" /> : null}
          {arrival === 'partly' ? <FormAlert kind="info" title={t('partlyConfirmed')} /> : null}
          {arrival === 'failed' ? <FormAlert title={t('linkFailed')} /> : null}
          <Field label={t('new')} error={fieldError}>
            <Input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" data-testid="email-new" />
          </Field>
          {result?.kind === 'error' ? <FormAlert>{result.message}</FormAlert> : null}
          {result?.kind === 'sent' ? (
            <FormAlert
              kind="success"
              title={secure && user.email ? t('sentSecure', { email: result.to }) : t('sent', { email: result.to })}
              testId="email-sent"
            />
          ) : null}
          <div>
            <Button type="submit" disabled={pending} data-testid="email-submit">
              {pending ? t('sending') : t('submit')}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
