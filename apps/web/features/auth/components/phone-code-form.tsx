'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

import { useCountdown } from '../client/use-countdown';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useHydrated } from '@/hooks/use-hydrated';
import { sendPhoneCodeSchema } from '../schema';
import { FormAlert } from '@/components/ui/form-alert';
import { SmsCodeStep } from './sms-code-step';
import { useApi } from '@/lib/api/use-api';

/** The service lets one number receive one SMS a minute (AUTH_SMS_MAX_FREQUENCY). */
const RESEND_AFTER_SECONDS = 60;

/** Sign-in with a code by SMS: POST /api/auth/send-phone-code, then the code. */
export function PhoneCodeForm({ config, onSignedIn }: { config: PublicAuthConfig | null; onSignedIn: () => void }) {
  const t = useTranslations('auth');
  const v = useTranslations('validation');
  const api = useApi();
  const toMessage = useErrorMessage();
  const hydrated = useHydrated();
  const { secondsLeft, start } = useCountdown();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);

  async function send(number: string): Promise<boolean> {
    setError(null);
    try {
      await api.fetch('/api/auth/send-phone-code', { body: { phone: number } });
      toast({ title: t('phoneCode.sent'), variant: 'success' });
      start(RESEND_AFTER_SECONDS);
      return true;
    } catch (failure) {
      const shown = toMessage(failure);
      setError(shown);
      if (shown.issues.phone) setFieldError(shown.issues.phone);
      if (shown.code === 'rate_limited') start(Number(/\d+/.exec(shown.message)?.[0] ?? RESEND_AFTER_SECONDS));
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendPhoneCodeSchema.safeParse({ phone });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'phone_invalid'));
    setFieldError(null);
    setPending(true);
    if (await send(parsed.data.phone)) setSentTo(parsed.data.phone);
    setPending(false);
  }

  if (sentTo) {
    return (
      <div className="grid gap-4">
        {error ? <FormAlert>{error.message}</FormAlert> : null}
        <SmsCodeStep
          config={config}
          phone={sentTo}
          submitLabel={t('phoneCode.submit')}
          secondsLeft={secondsLeft}
          onResend={async () => void (await send(sentTo))}
          onVerified={onSignedIn}
          onChangeNumber={() => {
            setSentTo(null);
            setError(null);
          }}
        />
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate data-testid="phone-form">
      {error ? <FormAlert>{error.message}</FormAlert> : null}
      <Field label={t('phone')} hint={t('phoneHint')} error={fieldError}>
        <Input
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t('phonePlaceholder')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          data-testid="phone-input"
        />
      </Field>
      <Button type="submit" disabled={!hydrated || pending || secondsLeft > 0} data-testid="phone-send">
        {pending ? t('phoneCode.sending') : secondsLeft > 0 ? t('phoneCode.resendIn', { seconds: secondsLeft }) : t('phoneCode.send')}
      </Button>
    </form>
  );
}
