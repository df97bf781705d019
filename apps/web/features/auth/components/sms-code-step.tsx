'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { verifyPhoneCodeSchema } from '../schema';
import { FormAlert } from '@/components/ui/form-alert';
import { MailboxHint } from './mailbox-hint';

/**
 * The code from an SMS, verified in the browser (`verifyOtp`, type sms), which signs the person in. Used
 * after "send code" on the sign-in page and after signing up with a phone.
 */
export function SmsCodeStep({
  config,
  phone,
  submitLabel,
  secondsLeft,
  onResend,
  onVerified,
  onChangeNumber,
}: {
  config: PublicAuthConfig | null;
  phone: string;
  submitLabel: string;
  secondsLeft: number;
  onResend: () => Promise<void>;
  onVerified: () => void;
  onChangeNumber?: () => void;
}) {
  const t = useTranslations('auth.phoneCode');
  const v = useTranslations('validation');
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    const parsed = verifyPhoneCodeSchema.safeParse({ phone, code });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'code_format'));
    setFieldError(null);
    setError(null);
    setPending(true);
    const { error: verifyError } = await supabase.auth.verifyOtp({ phone: parsed.data.phone, token: parsed.data.code, type: 'sms' });
    setPending(false);
    if (verifyError) return setError(toMessage(verifyError));
    onVerified();
  }

  return (
    <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="sms-code-form">
      {error ? <FormAlert>{error.message}</FormAlert> : null}
      <Field label={t('code')} hint={t('codeHint', { phone })} error={fieldError}>
        <Input
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 10))}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          className="font-mono text-lg tracking-[0.3em]"
          data-testid="sms-code"
        />
      </Field>
      <Button type="submit" disabled={!supabase || pending} data-testid="sms-submit">
        {pending ? t('verifying') : submitLabel}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          size="sm"
          className="px-0"
          disabled={secondsLeft > 0 || resending}
          onClick={async () => {
            setResending(true);
            await onResend();
            setResending(false);
          }}
          data-testid="sms-resend"
        >
          {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : resending ? t('sending') : t('resend')}
        </Button>
        {onChangeNumber ? (
          <Button type="button" variant="link" size="sm" className="px-0" onClick={onChangeNumber}>
            {t('changeNumber')}
          </Button>
        ) : null}
      </div>
      <MailboxHint href={config?.mailbox} to={phone} />
    </form>
  );
}
