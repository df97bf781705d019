'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { phoneField, verifyPhoneCodeSchema } from '@/features/auth/schema';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

/** A new phone number: the auth service texts a code to it, and the number changes once the code is entered. */
export function PhoneChange() {
  const t = useTranslations('settings.phone');
  const v = useTranslations('validation');
  const { user, loaded, supabase } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setError(null);
    setDone(false);
    const parsed = phoneField.safeParse(phone);
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'invalid'));
    setFieldError(null);
    setPending(true);
    const { data, error: updateError } = await supabase.auth.updateUser({ phone: parsed.data });
    setPending(false);
    if (updateError) return setError(toMessage(updateError).message);
    // With SMS auto-confirm on, the service changes the number at once and sends nothing.
    if (data.user?.phone && `+${data.user.phone.replace(/^\+/, '')}` === parsed.data) {
      setPhone('');
      return setDone(true);
    }
    setSentTo(parsed.data);
    setCode('');
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!supabase || !sentTo) return;
    setError(null);
    const parsed = verifyPhoneCodeSchema.safeParse({ phone: sentTo, code });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'invalid'));
    setFieldError(null);
    setPending(true);
    const { error: verifyError } = await supabase.auth.verifyOtp({ phone: parsed.data.phone, token: parsed.data.code, type: 'phone_change' });
    setPending(false);
    if (verifyError) return setError(toMessage(verifyError).message);
    setSentTo(null);
    setPhone('');
    setDone(true);
  }

  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-phone">
      {!loaded || !user ? (
        <SectionLoading label={t('loading')} />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm">
            {t('current')}:{' '}
            <span className="font-medium" data-testid="phone-current">
              {user.phone ? `+${user.phone.replace(/^\+/, '')}` : t('none')}
            </span>
          </p>
          {done ? <FormAlert kind="success" title={t('changed')} testId="phone-changed" /> : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          {sentTo ? (
            <form onSubmit={verify} method="post" noValidate className="grid gap-4" data-testid="phone-code-form">
              <FormAlert kind="info" title={t('sent', { phone: sentTo })} />
              <Field label={t('code')} error={fieldError}>
                <Input
                  name="code"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 10))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  data-testid="phone-code"
                />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={pending} data-testid="phone-verify">
                  {pending ? t('verifying') : t('verify')}
                </Button>
                <Button type="button" variant="outline" onClick={() => setSentTo(null)}>
                  {t('cancel')}
                </Button>
              </div>
            </form>
          ) : (
            <form onSubmit={send} method="post" noValidate className="grid gap-4" data-testid="phone-form">
              <Field label={t('new')} hint={t('hint')} error={fieldError}>
                <Input name="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" data-testid="phone-new" />
              </Field>
              <div>
                <Button type="submit" disabled={pending} data-testid="phone-submit">
                  {pending ? t('sending') : t('submit')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
