'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { verifyMailCodeSchema } from '../schema';
import { FormAlert } from '@/components/ui/form-alert';

/** What the mail was for, as GoTrue's verify types (docs/protocols/supabase-auth.md): `email` covers a sign-in link. */
export type MailCodeType = 'signup' | 'email' | 'recovery';

/**
 * The code at the end of a sign-up, sign-in-link or password-reset mail, typed on the "check your inbox" screen
 * (`verifyOtp` with the address and the mail's type), which signs the person in like the link would. It works on
 * any device: the link is bound to the browser that asked for it (PKCE), the code is not.
 */
export function MailCodeForm({
  config,
  email,
  type,
  submitLabel,
  onVerified,
}: {
  config: PublicAuthConfig | null;
  email: string;
  type: MailCodeType;
  submitLabel: string;
  onVerified: () => void;
}) {
  const t = useTranslations('auth.mailCode');
  const v = useTranslations('validation');
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    const parsed = verifyMailCodeSchema.safeParse({ email, code });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'code_format'));
    setFieldError(null);
    setError(null);
    setPending(true);
    const { error: verifyError } = await supabase.auth.verifyOtp({ email: parsed.data.email, token: parsed.data.code, type });
    setPending(false);
    if (verifyError) return setError(toMessage(verifyError));
    onVerified();
  }

  return (
    <form onSubmit={submit} method="post" className="grid gap-3" noValidate data-testid="mail-code-form">
      {error ? <FormAlert testId="mail-code-error">{error.message}</FormAlert> : null}
      <Field label={t('label')} hint={t('hint')} error={fieldError}>
        <Input
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="font-mono text-lg tracking-[0.3em]"
          data-testid="mail-code"
        />
      </Field>
      <Button type="submit" variant="outline" disabled={!supabase || pending} data-testid="mail-code-submit">
        {pending ? t('verifying') : submitLabel}
      </Button>
    </form>
  );
}
