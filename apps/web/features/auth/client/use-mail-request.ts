'use client';

import type { AuthError } from '@supabase/supabase-js';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { emailOnlySchema } from '../schema';
import { useCountdown } from './use-countdown';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';

/** The auth service sends at most one mail a minute to an address (AUTH_SMTP_MAX_FREQUENCY). */
const MAIL_INTERVAL_SECONDS = 60;

/**
 * A form that asks the auth service to mail one address (a reset link, a sign-in link, a new confirmation):
 * the address and its validation, the pending flag, the translated error, the address mailed, and a countdown
 * before the next request — a minute after a mail, or as long as the service says when it is rate limited.
 * `send` is null until the auth client is ready.
 */
export function useMailRequest(send: ((email: string) => Promise<{ error: AuthError | null }>) | null) {
  const v = useTranslations('validation');
  const toMessage = useErrorMessage();
  const { secondsLeft, start } = useCountdown();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!send) return;
    const parsed = emailOnlySchema.safeParse({ email });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'email_invalid'));
    setFieldError(null);
    setError(null);
    setPending(true);
    const { error: sendError } = await send(parsed.data.email);
    setPending(false);
    if (sendError) {
      const shown = toMessage(sendError);
      if (shown.code === 'rate_limited') start(Number(/\d+/.exec(shown.message)?.[0] ?? MAIL_INTERVAL_SECONDS));
      return setError(shown);
    }
    setSentTo(parsed.data.email);
    start(MAIL_INTERVAL_SECONDS);
  }

  return { email, setEmail, sentTo, fieldError, error, pending, secondsLeft, submit, ready: Boolean(send) };
}
