'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { verifyPhoneCodeSchema } from '../schema';
import { CodeForm } from './code-form';
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
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const [resending, setResending] = useState(false);

  return (
    <CodeForm
      schema={verifyPhoneCodeSchema}
      fields={{ phone }}
      verify={async (input) => {
        const { error } = await supabase!.auth.verifyOtp({ phone: input.phone, token: input.code, type: 'sms' });
        return error ? toMessage(error) : null;
      }}
      onVerified={onVerified}
      label={t('code')}
      hint={t('codeHint', { phone })}
      submitLabel={submitLabel}
      pendingLabel={t('verifying')}
      digits={10}
      disabled={!supabase}
      autoFocus
      testIds={{ form: 'sms-code-form', input: 'sms-code', submit: 'sms-submit' }}
    >
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
    </CodeForm>
  );
}
