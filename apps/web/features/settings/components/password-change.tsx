'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordInput } from '@/components/ui/password-input';
import { newPasswordSchema } from '@/features/auth/schema';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

/**
 * A new password through `auth.updateUser({ password })`. When the service asks for reauthentication
 * (`reauthentication_needed`: secure password change on, and the session is older than it allows) the code it
 * sends with `auth.reauthenticate()` goes with the password as `nonce`.
 */
export function PasswordChange() {
  const t = useTranslations('settings.password');
  const v = useTranslations('validation');
  const { user, loaded, supabase } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [nonce, setNonce] = useState('');
  const [needsNonce, setNeedsNonce] = useState(false);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setError(null);
    setDone(false);
    const parsed = newPasswordSchema.safeParse({ password, confirm });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= v(issue.message as 'invalid');
      return setIssues(next);
    }
    if (needsNonce && !/^\d{6,10}$/.test(nonce.trim())) return setIssues({ nonce: v('code_format') });
    setIssues({});
    setPending(true);
    const { error: updateError } = await supabase.auth.updateUser(
      needsNonce ? { password: parsed.data.password, nonce: nonce.trim() } : { password: parsed.data.password },
    );
    if (updateError?.code === 'reauthentication_needed') {
      const { error: sendError } = await supabase.auth.reauthenticate();
      setPending(false);
      if (sendError) return setError(toMessage(sendError).message);
      setNeedsNonce(true);
      setNonce('');
      return;
    }
    setPending(false);
    if (updateError) {
      const shown = toMessage(updateError);
      if (shown.issues.password) setIssues({ password: shown.issues.password });
      return setError(shown.message);
    }
    setPassword('');
    setConfirm('');
    setNonce('');
    setNeedsNonce(false);
    setDone(true);
  }

  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-password">
      {!loaded || !user ? (
        <SectionLoading label={t('loading')} />
      ) : (
        <form onSubmit={submit} method="post" noValidate className="grid gap-4" data-testid="password-form">
          <input type="text" name="username" autoComplete="username" value={user.email ?? user.phone ?? ''} readOnly hidden />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('new')} error={issues.password}>
              <PasswordInput
                name="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                data-testid="password-new"
              />
            </Field>
            <Field label={t('confirm')} error={issues.confirm}>
              <PasswordInput
                name="confirm"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                autoComplete="new-password"
                data-testid="password-confirm"
              />
            </Field>
          </div>
          {needsNonce ? (
            <>
              <FormAlert kind="info" title={t('reauthTitle')} testId="password-reauth">
                {user.email ? t('reauthEmail', { email: user.email }) : t('reauthPhone')}
              </FormAlert>
              <Field label={t('nonce')} error={issues.nonce}>
                <Input
                  name="nonce"
                  value={nonce}
                  onChange={(e) => setNonce(e.target.value.replace(/\D/g, '').slice(0, 10))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  data-testid="password-nonce"
                />
              </Field>
            </>
          ) : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          {done ? <FormAlert kind="success" title={t('changed')} testId="password-changed" /> : null}
          <div>
            <Button type="submit" disabled={pending} data-testid="password-submit">
              {pending ? t('saving') : t('submit')}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
