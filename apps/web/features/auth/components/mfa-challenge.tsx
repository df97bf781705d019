'use client';

import type { Factor } from '@supabase/supabase-js';
import { ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Link } from '@/lib/i18n/navigation';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useSupabase } from '@/hooks/use-supabase';
import { totpCodeSchema } from '../schema';
import { FormAlert } from '@/components/ui/form-alert';

type Status = { kind: 'loading' } | { kind: 'ready'; factor: Factor } | { kind: 'no-factor' } | { kind: 'no-session' };

/**
 * The second step of signing in for an account with an authenticator app: a TOTP code raises the session
 * to aal2 (and supabase-js reports MFA_CHALLENGE_VERIFIED).
 */
export function MfaChallenge({ config, onVerified }: { config: PublicAuthConfig; onVerified: () => void }) {
  const t = useTranslations('auth.mfa');
  const v = useTranslations('validation');
  const supabase = useSupabase(config);
  const toMessage = useErrorMessage();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<ShownError | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind !== 'ready' || !supabase) return;
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'code_format'));
    setFieldError(null);
    setError(null);
    setPending(true);
    const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: status.factor.id, code: parsed.data.code });
    setPending(false);
    if (verifyError) {
      setCode('');
      const shown = toMessage(verifyError);
      // An authenticator's codes cannot be asked for again (errors.code_invalid says so): they change by themselves.
      return setError(shown.code === 'code_invalid' ? { ...shown, message: t('codeInvalid') } : shown);
    }
    onVerified();
  }

  if (status.kind === 'loading') return <p className="text-sm text-muted-foreground">{t('verifying')}</p>;
  if (status.kind !== 'ready') {
    return (
      <FormAlert title={status.kind === 'no-factor' ? t('noFactor') : t('noSession')}>
        <Link href="/auth/signin">{t('useOther')}</Link>
      </FormAlert>
    );
  }
  return (
    <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="mfa-form">
      <div className="flex items-center gap-3 rounded-md bg-muted p-3 text-sm">
        <ShieldCheck className="size-5 text-primary" aria-hidden />
        <span>
          {t('factor')}
          {status.factor.friendly_name ? `: ${status.factor.friendly_name}` : ''}
        </span>
      </div>
      {error ? <FormAlert>{error.message}</FormAlert> : null}
      <Field label={t('code')} error={fieldError}>
        <Input
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          className="text-center font-mono text-lg tracking-[0.5em]"
          data-testid="mfa-code"
        />
      </Field>
      <Button type="submit" disabled={pending} data-testid="mfa-submit">
        {pending ? t('verifying') : t('submit')}
      </Button>
    </form>
  );
}
