'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/lib/i18n/routing';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { peekAfterSignInPath } from '../client/after-sign-in';
import { callbackUrl } from '@/lib/auth/urls';
import { useMailRequest } from '../client/use-mail-request';
import { useSupabase } from '@/hooks/use-supabase';
import { FormAlert } from '@/components/ui/form-alert';
import { MailCodeForm } from './mail-code-form';
import { MailboxHint } from './mailbox-hint';

/**
 * A one-time sign-in link by mail; it opens /api/auth/callback in this browser (PKCE). The mail's code, typed
 * below once it is sent, signs in on any device.
 */
export function MagicLinkForm({ config, onSignedIn }: { config: PublicAuthConfig | null; onSignedIn: () => void }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const supabase = useSupabase(config);
  const { email, setEmail, sentTo, fieldError, error, pending, secondsLeft, submit, ready } = useMailRequest(
    supabase &&
      ((address) => supabase.auth.signInWithOtp({ email: address, options: { emailRedirectTo: callbackUrl(peekAfterSignInPath(locale)), data: { locale } } })),
  );

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="magic-form">
        {sentTo ? (
          <FormAlert kind="success" title={t('magic.sent')} testId="magic-sent">
            {t('magic.sentBody', { email: sentTo })}
          </FormAlert>
        ) : null}
        {error ? <FormAlert>{error.message}</FormAlert> : null}
        <Field label={t('email')} error={fieldError}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="magic-email"
          />
        </Field>
        <Button type="submit" disabled={!ready || pending || secondsLeft > 0} data-testid="magic-submit">
          {pending ? t('magic.sending') : secondsLeft > 0 ? t('mailResendIn', { seconds: secondsLeft }) : sentTo ? t('magic.again') : t('magic.submit')}
        </Button>
        {sentTo ? <MailboxHint href={config?.mailbox} to={sentTo} /> : null}
      </form>
      {sentTo ? <MailCodeForm config={config} email={sentTo} type="email" submitLabel={t('mailCode.signIn')} onVerified={onSignedIn} /> : null}
    </div>
  );
}
