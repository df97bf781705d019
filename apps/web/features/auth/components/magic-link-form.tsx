'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/lib/i18n/routing';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { peekAfterSignInPath } from '../client/after-sign-in';
import { callbackUrl } from '../client/urls';
import { useCountdown } from '../client/use-countdown';
import { useErrorMessage, type ShownError } from '../client/use-error-message';
import { useSupabase } from '../client/use-supabase';
import { emailOnlySchema } from '../schema';
import { FormAlert } from './form-alert';
import { MailboxHint } from './mailbox-hint';

/** A one-time sign-in link by mail; it opens /api/auth/callback in this browser (PKCE). */
export function MagicLinkForm({ config }: { config: PublicAuthConfig | null }) {
  const t = useTranslations('auth');
  const v = useTranslations('validation');
  const locale = useLocale() as Locale;
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const { secondsLeft, start } = useCountdown();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    const parsed = emailOnlySchema.safeParse({ email });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'email_invalid'));
    setFieldError(null);
    setError(null);
    setPending(true);
    const { error: sendError } = await supabase.auth.signInWithOtp({
      email: parsed.data.email,
      options: { emailRedirectTo: callbackUrl(peekAfterSignInPath(locale)), data: { locale } },
    });
    setPending(false);
    if (sendError) {
      const shown = toMessage(sendError);
      if (shown.code === 'rate_limited') start(Number(/\d+/.exec(shown.message)?.[0] ?? 60));
      return setError(shown);
    }
    setSentTo(parsed.data.email);
    start(60);
  }

  return (
    <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="magic-form">
      {sentTo ? (
        <FormAlert kind="success" title={t('magic.sent')} testId="magic-sent">
          {t('magic.sentBody', { email: sentTo })}
        </FormAlert>
      ) : null}
      {error ? <FormAlert>{error.message}</FormAlert> : null}
      <Field label={t('email')} error={fieldError}>
        <Input name="email" type="email" autoComplete="email" placeholder={t('emailPlaceholder')} value={email} onChange={(event) => setEmail(event.target.value)} data-testid="magic-email" />
      </Field>
      <Button type="submit" disabled={!supabase || pending || secondsLeft > 0} data-testid="magic-submit">
        {pending ? t('magic.sending') : secondsLeft > 0 ? t('phoneCode.resendIn', { seconds: secondsLeft }) : sentTo ? t('magic.again') : t('magic.submit')}
      </Button>
      {sentTo ? <MailboxHint href={config?.mailbox} to={sentTo} /> : null}
    </form>
  );
}
