'use client';

import type { Factor } from '@supabase/supabase-js';
import { ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { Link } from '@/lib/i18n/navigation';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { totpCodeSchema } from '../schema';
import { CodeForm } from './code-form';

type Status = { kind: 'loading' } | { kind: 'ready'; factor: Factor } | { kind: 'no-factor' } | { kind: 'no-session' };

/**
 * The second step of signing in for an account with an authenticator app: a TOTP code raises the session
 * to aal2 (and supabase-js reports MFA_CHALLENGE_VERIFIED).
 */
export function MfaChallenge({ config, onVerified }: { config: PublicAuthConfig; onVerified: () => void }) {
  const t = useTranslations('auth.mfa');
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  useEffect(() => {
    if (!supabase) return;
    let live = true;
    void supabase.auth.mfa.listFactors().then(({ data, error: listError }) => {
      if (!live) return;
      if (listError || !data) setStatus({ kind: 'no-session' });
      else if (data.totp[0]) setStatus({ kind: 'ready', factor: data.totp[0] });
      else setStatus({ kind: 'no-factor' });
    });
    return () => {
      live = false;
    };
  }, [supabase]);

  if (status.kind === 'loading') return <p className="text-sm text-muted-foreground">{t('verifying')}</p>;
  if (status.kind !== 'ready') {
    return (
      <FormAlert title={status.kind === 'no-factor' ? t('noFactor') : t('noSession')}>
        <Link href="/auth/signin">{t('useOther')}</Link>
      </FormAlert>
    );
  }
  const factor = status.factor;
  return (
    <CodeForm
      schema={totpCodeSchema}
      verify={async (input) => {
        const { error } = await supabase!.auth.mfa.challengeAndVerify({ factorId: factor.id, code: input.code });
        if (!error) return null;
        const shown = toMessage(error);
        // An authenticator's codes cannot be asked for again (errors.code_invalid says so): they change by themselves.
        return shown.code === 'code_invalid' ? { ...shown, message: t('codeInvalid') } : shown;
      }}
      onVerified={onVerified}
      label={t('code')}
      submitLabel={t('submit')}
      pendingLabel={t('verifying')}
      digits={6}
      disabled={!supabase}
      autoFocus
      clearOnError
      testIds={{ form: 'mfa-form', input: 'mfa-code', submit: 'mfa-submit' }}
      before={
        <div className="flex items-center gap-3 rounded-md bg-muted p-3 text-sm">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          <span>
            {t('factor')}
            {factor.friendly_name ? `: ${factor.friendly_name}` : ''}
          </span>
        </div>
      }
    />
  );
}
