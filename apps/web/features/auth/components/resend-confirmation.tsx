'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import type { Locale } from '@/lib/i18n/routing';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { confirmationLanding } from '@/lib/auth/urls';
import { useCountdown } from '../client/use-countdown';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { FormAlert } from '@/components/ui/form-alert';

/** Sends the sign-up confirmation mail again (the service allows one a minute per address). */
export function ResendConfirmation({
  config,
  email,
  label,
  startWaiting = false,
}: {
  config: PublicAuthConfig | null;
  email: string;
  label: string;
  startWaiting?: boolean;
}) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const { secondsLeft, start } = useCountdown();
  const [started, setStarted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  if (startWaiting && !started) {
    setStarted(true);
    start(60);
  }

  async function resend() {
    if (!supabase) return;
    setPending(true);
    setError(null);
    const { error: resendError } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: confirmationLanding(locale) } });
    setPending(false);
    if (resendError) {
      const shown = toMessage(resendError);
      setError(shown);
      if (shown.code === 'rate_limited') start(Number(/\d+/.exec(shown.message)?.[0] ?? 60));
      return;
    }
    toast({ title: t('signUp.checkEmail.resent'), variant: 'success' });
    start(60);
  }

  return (
    <div className="grid gap-2">
      {error ? <FormAlert>{error.message}</FormAlert> : null}
      <Button type="button" variant="outline" onClick={resend} disabled={!supabase || pending || secondsLeft > 0} data-testid="resend-confirmation">
        {pending ? t('signUp.checkEmail.resending') : secondsLeft > 0 ? t('mailResendIn', { seconds: secondsLeft }) : label}
      </Button>
    </div>
  );
}
