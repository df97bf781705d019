'use client';

import type { Factor } from '@supabase/supabase-js';
import { KeyRound, MessageSquare } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/query-state';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { phoneField, totpCodeSchema } from '@/features/auth/schema';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

type Enrolment = { kind: 'totp'; factorId: string; qr: string; secret: string } | { kind: 'phone'; factorId: string; phone: string; challengeId: string };

const NAME_MAX = 60;

/**
 * Second factors: the list (`mfa.listFactors`), removal (`mfa.unenroll`), and enrolment of an authenticator
 * app — QR code and manual key, then a code to verify — or, when the service enables phone MFA, of a phone
 * that receives codes by SMS. GoTrue has no rename: the name is chosen at enrolment.
 */
export function TwoStep({ phoneEnabled }: { phoneEnabled: boolean }) {
  const t = useTranslations('settings.twoStep');
  const format = useFormatter();
  const { supabase, loaded } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!supabase) return;
    setLoadFailed(false);
    const { data, error: listError } = await supabase.auth.mfa.listFactors();
    if (listError || !data) return setLoadFailed(true);
    setFactors(data.all);
  }, [supabase]);

  useEffect(() => {
    if (!loaded) return;
    queueMicrotask(() => void load());
  }, [loaded, load]);

  async function remove(factor: Factor) {
    if (!supabase) return;
    if (!window.confirm(t('confirmRemove', { name: factor.friendly_name || t(factor.factor_type === 'phone' ? 'phoneFactor' : 'totpFactor') }))) return;
    setError(null);
    setNotice(null);
    setRemoving(factor.id);
    const { error: removeError } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    setRemoving(null);
    if (removeError) return setError(toMessage(removeError).message);
    // The session still says aal2 until it is refreshed; refresh now so the account's state is current.
    await supabase.auth.refreshSession();
    setNotice(t('removed'));
    await load();
  }

  async function cancel() {
    if (supabase && enrolment) await supabase.auth.mfa.unenroll({ factorId: enrolment.factorId });
    setEnrolment(null);
    await load();
  }

  const verified = factors?.filter((factor) => factor.status === 'verified') ?? [];
  const unfinished = factors?.filter((factor) => factor.status !== 'verified') ?? [];

  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-two-step">
      {!loaded || (!factors && !loadFailed) ? (
        <SectionLoading label={t('loading')} />
      ) : loadFailed ? (
        <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void load()} />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm font-medium" data-testid="two-step-status">
            {verified.length > 0 ? t('on', { count: verified.length }) : t('off')}
          </p>
          {notice ? <FormAlert kind="success" title={notice} testId="two-step-notice" /> : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          {factors && factors.length > 0 ? (
            <ul className="grid gap-2" data-testid="factor-list">
              {[...verified, ...unfinished].map((factor) => (
                <li key={factor.id} className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3" data-testid="factor">
                  {factor.factor_type === 'phone' ? (
                    <MessageSquare className="size-5 text-primary" aria-hidden />
                  ) : (
                    <KeyRound className="size-5 text-primary" aria-hidden />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium" data-testid="factor-name">
                      {factor.friendly_name || t(factor.factor_type === 'phone' ? 'phoneFactor' : 'totpFactor')}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {factor.status === 'verified'
                        ? t('addedOn', { date: format.dateTime(new Date(factor.created_at), { dateStyle: 'medium' }) })
                        : t('unfinished')}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void remove(factor)}
                    disabled={removing === factor.id || enrolment?.factorId === factor.id}
                    aria-label={t('removeNamed', { name: factor.friendly_name || t(factor.factor_type === 'phone' ? 'phoneFactor' : 'totpFactor') })}
                    data-testid="factor-remove"
                  >
                    {removing === factor.id ? t('removing') : t('remove')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {enrolment ? (
            <VerifyEnrolment
              enrolment={enrolment}
              onCancel={() => void cancel()}
              onVerified={async () => {
                setEnrolment(null);
                setNotice(t('added'));
                await load();
              }}
            />
          ) : (
            <StartEnrolment
              phoneEnabled={phoneEnabled}
              onStarted={(next) => {
                setNotice(null);
                setError(null);
                setEnrolment(next);
              }}
            />
          )}
        </div>
      )}
    </SettingsSection>
  );
}

function StartEnrolment({ phoneEnabled, onStarted }: { phoneEnabled: boolean; onStarted: (enrolment: Enrolment) => void }) {
  const t = useTranslations('settings.twoStep');
  const v = useTranslations('validation');
  const { supabase } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [kind, setKind] = useState<'totp' | 'phone'>('totp');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setError(null);
    const friendlyName = name.trim().slice(0, NAME_MAX) || undefined;
    if (kind === 'phone') {
      const parsed = phoneField.safeParse(phone);
      if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'invalid'));
      setFieldError(null);
      setPending(true);
      const enrolled = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: parsed.data, friendlyName });
      if (enrolled.error) {
        setPending(false);
        return setError(toMessage(enrolled.error).message);
      }
      const challenge = await supabase.auth.mfa.challenge({ factorId: enrolled.data.id });
      setPending(false);
      if (challenge.error) {
        await supabase.auth.mfa.unenroll({ factorId: enrolled.data.id });
        return setError(toMessage(challenge.error).message);
      }
      return onStarted({ kind: 'phone', factorId: enrolled.data.id, phone: parsed.data, challengeId: challenge.data.id });
    }
    setPending(true);
    const { data, error: enrolError } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'Citewise' });
    setPending(false);
    if (enrolError) return setError(toMessage(enrolError).message);
    onStarted({ kind: 'totp', factorId: data.id, qr: data.totp.qr_code, secret: data.totp.secret });
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="grid gap-4 rounded-md border border-dashed border-border p-4" data-testid="enrol-form">
      <h3 className="font-medium">{t('addTitle')}</h3>
      {phoneEnabled ? (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">{t('kind')}</legend>
          {(['totp', 'phone'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} data-testid={`enrol-kind-${value}`} />
              {t(value === 'totp' ? 'totpFactor' : 'phoneFactor')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field label={t('name')} hint={t('nameHint')}>
        <Input name="friendly_name" value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX} data-testid="enrol-name" />
      </Field>
      {kind === 'phone' ? (
        <Field label={t('phone')} error={fieldError}>
          <Input name="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" data-testid="enrol-phone" />
        </Field>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={pending} data-testid="enrol-start">
          {pending ? t('starting') : kind === 'phone' ? t('startPhone') : t('startTotp')}
        </Button>
      </div>
    </form>
  );
}

function VerifyEnrolment({ enrolment, onCancel, onVerified }: { enrolment: Enrolment; onCancel: () => void; onVerified: () => Promise<void> }) {
  const t = useTranslations('settings.twoStep');
  const ta = useTranslations('auth.mfa');
  const v = useTranslations('validation');
  const { supabase } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setError(null);
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'invalid'));
    setFieldError(null);
    setPending(true);
    const result =
      enrolment.kind === 'totp'
        ? await supabase.auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code: parsed.data.code })
        : await supabase.auth.mfa.verify({ factorId: enrolment.factorId, challengeId: enrolment.challengeId, code: parsed.data.code });
    setPending(false);
    if (result.error) {
      setCode('');
      const shown = toMessage(result.error);
      // An authenticator's codes cannot be asked for again (errors.code_invalid says so): they change by themselves.
      return setError(enrolment.kind === 'totp' && shown.code === 'code_invalid' ? ta('codeInvalid') : shown.message);
    }
    await onVerified();
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="grid gap-4 rounded-md border border-border p-4" data-testid="enrol-verify-form">
      {enrolment.kind === 'totp' ? (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
          {/* The service's QR code is an SVG data URL (the otpauth:// link); white behind it in both colour modes. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={enrolment.qr} alt={t('qrAlt')} width={176} height={176} className="size-44 rounded-md bg-white p-2" data-testid="enrol-qr" />
          <div className="grid gap-2 text-sm">
            <p>{t('scan')}</p>
            <p className="text-muted-foreground">{t('manual')}</p>
            <code className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all select-all" data-testid="enrol-secret">
              {enrolment.secret}
            </code>
          </div>
        </div>
      ) : (
        <FormAlert kind="info" title={t('smsSent', { phone: enrolment.phone })} />
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Field label={t('code')} error={fieldError}>
        <Input
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="max-w-48 font-mono tracking-[0.3em]"
          data-testid="enrol-code"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} data-testid="enrol-verify">
          {pending ? t('verifying') : t('verify')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} data-testid="enrol-cancel">
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
