'use client';

import { useTranslations } from 'next-intl';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { verifyMailCodeSchema } from '../schema';
import { CodeForm } from './code-form';

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
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  return (
    <CodeForm
      schema={verifyMailCodeSchema}
      fields={{ email }}
      verify={async (input) => {
        const { error } = await supabase!.auth.verifyOtp({ email: input.email, token: input.code, type });
        return error ? toMessage(error) : null;
      }}
      onVerified={onVerified}
      label={t('label')}
      hint={t('hint')}
      submitLabel={submitLabel}
      pendingLabel={t('verifying')}
      digits={6}
      disabled={!supabase}
      variant="outline"
      className="gap-3"
      testIds={{ form: 'mail-code-form', input: 'mail-code', submit: 'mail-code-submit', error: 'mail-code-error' }}
    />
  );
}
