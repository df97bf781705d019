'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { takeAfterSignInPath } from '../client/after-sign-in';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { useCountdown } from '../client/use-countdown';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSupabase } from '@/hooks/use-supabase';
import { fieldIssues } from '../client/field-issues';
import { planChoiceSchema, signUpSchema, type PlanChoice } from '../schema';
import type { SignUpResult } from '../server/sign-up';
import { AuthCard } from './auth-card';
import { ConfigProblem } from './config-problem';
import { FormAlert } from '@/components/ui/form-alert';
import { MethodChoice, type SignInMethod } from './method-choice';
import { MailboxHint } from './mailbox-hint';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrength } from './password-strength';
import { PlanChoiceNote } from './plan-choice';
import { MailCodeForm } from './mail-code-form';
import { ResendConfirmation } from './resend-confirmation';
import { SmsCodeStep } from './sms-code-step';
import { useApi } from '@/lib/api/use-api';

type Done = { kind: 'email'; email: string } | { kind: 'sms'; phone: string };
const defaultPolicy = { minLength: 6, requiredCharacters: [] };

/**
 * /auth/signup: email or phone and a password, with live feedback on the password. A mail with a
 * confirmation link (or an SMS code) follows; the pricing page's plan choice travels with the account.
 */
export function SignUpPanel() {
  const t = useTranslations('auth');
  const v = useTranslations('validation');
  const locale = useLocale() as Locale;
  const api = useApi();
  const router = useRouter();
  const toMessage = useErrorMessage();
  const hydrated = useHydrated();
  const { config, error: configError, retry } = useAuthConfig(locale);
  const supabase = useSupabase(config);
  const { secondsLeft, start } = useCountdown();
  const [method, setMethod] = useState<SignInMethod>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [planChoice, setPlanChoice] = useState<PlanChoice | undefined>();
  const [redirect, setRedirect] = useState<string | undefined>();
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [rejected, setRejected] = useState<string[]>([]);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    // The pricing page links here with ?plan=…&interval=…&currency=… (the page is prerendered without them).
    const query = new URLSearchParams(window.location.search);
    const choice = planChoiceSchema.safeParse({
      plan: query.get('plan') ?? undefined,
      interval: query.get('interval') ?? undefined,
      currency: query.get('currency') ?? undefined,
    });
    /* eslint-disable react-hooks/set-state-in-effect -- the query is only known in the browser */
    if (choice.success) setPlanChoice(choice.data);
    setRedirect(query.get('redirect') ?? undefined);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, []);

  function finish() {
    toast({ title: t('signIn.success'), variant: 'success' });
    router.replace(takeAfterSignInPath(locale));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = { email: method === 'email' ? email : undefined, phone: method === 'phone' ? phone : undefined, password, planChoice, redirect };
    const parsed = signUpSchema.safeParse(body);
    if (!parsed.success) {
      return setIssues(fieldIssues(parsed.error, v));
    }
    setIssues({});
    setPending(true);
    try {
      const result = await api.fetch<SignUpResult>('/api/auth/signup', { body: parsed.data });
      setRejected([]);
      if (result.signedIn) return finish();
      if (result.confirmation === 'sms') {
        toast({ title: t('signUp.smsSuccess'), variant: 'success' });
        start(60);
        setDone({ kind: 'sms', phone: parsed.data.phone! });
      } else {
        toast({ title: t('signUp.success'), variant: 'success' });
        setDone({ kind: 'email', email: parsed.data.email! });
      }
    } catch (failure) {
      const shown = toMessage(failure);
      setError(shown);
      setIssues(shown.issues);
      setRejected(
        shown.code === 'weak_password' ? (failure as { issues: { code: string }[] }).issues.map((issue) => issue.code.replace('weak_password_', '')) : [],
      );
    } finally {
      setPending(false);
    }
  }

  if (done?.kind === 'email') {
    return (
      <AuthCard title={t('signUp.checkEmail.title')} lead={t('signUp.checkEmail.body', { email: done.email })}>
        <div className="grid gap-3" data-testid="check-email">
          <MailCodeForm config={config} email={done.email} type="signup" submitLabel={t('mailCode.signUp')} onVerified={finish} />
          <ResendConfirmation config={config} email={done.email} label={t('signUp.checkEmail.resend')} />
          <Button type="button" variant="link" onClick={() => setDone(null)}>
            {t('signUp.checkEmail.wrongAddress')}
          </Button>
          <MailboxHint href={config?.mailbox} to={done.email} />
        </div>
      </AuthCard>
    );
  }
  if (done?.kind === 'sms') {
    return (
      <AuthCard title={t('signUp.confirmPhone.title')} lead={t('signUp.confirmPhone.body', { phone: done.phone })}>
        <SmsCodeStep
          config={config}
          phone={done.phone}
          submitLabel={t('signUp.confirmPhone.submit')}
          secondsLeft={secondsLeft}
          onResend={async () => {
            const result = await supabase?.auth.resend({ type: 'sms', phone: done.phone });
            if (result?.error) setError(toMessage(result.error));
            else toast({ title: t('phoneCode.sent'), variant: 'success' });
            start(60);
          }}
          onVerified={finish}
        />
      </AuthCard>
    );
  }

  const policy = config?.passwordPolicy ?? defaultPolicy;
  return (
    <AuthCard
      title={t('signUp.title')}
      lead={t('signUp.lead')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link href="/auth/signin" className="font-medium text-primary underline-offset-2 hover:underline">
            {t('signUp.signIn')}
          </Link>
        </>
      }
    >
      {config?.signupDisabled ? (
        <FormAlert>{t('signUp.disabled')}</FormAlert>
      ) : (
        <form onSubmit={submit} method="post" className="grid gap-4" noValidate data-testid="signup-form">
          {planChoice ? <PlanChoiceNote choice={planChoice} /> : null}
          {configError ? <ConfigProblem error={configError} onRetry={retry} /> : null}
          {issues.form ? <FormAlert>{issues.form}</FormAlert> : null}
          {error && error.code !== 'validation_failed' ? <FormAlert>{error.message}</FormAlert> : null}
          {config?.phone ? <MethodChoice name="signup-method" value={method} onChange={setMethod} /> : null}
          {method === 'email' ? (
            <Field label={t('email')} error={issues.email}>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                placeholder={t('emailPlaceholder')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                data-testid="signup-email"
              />
            </Field>
          ) : (
            <Field label={t('phone')} hint={t('phoneHint')} error={issues.phone}>
              <Input
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder={t('phonePlaceholder')}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                data-testid="signup-phone"
              />
            </Field>
          )}
          <Field label={t('password')} error={issues.password}>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setRejected([]);
              }}
              aria-describedby="password-rules"
              data-testid="signup-password"
            />
          </Field>
          <PasswordStrength password={password} policy={policy} rejected={rejected} />
          <Button type="submit" disabled={!hydrated || pending} data-testid="signup-submit">
            {pending ? t('signUp.submitting') : t('signUp.submit')}
          </Button>
          <p className="text-xs text-muted-foreground">
            {t.rich('signUp.terms', {
              terms: (chunks) => (
                <Link href="/legal/terms" className="underline underline-offset-2">
                  {chunks}
                </Link>
              ),
              privacy: (chunks) => (
                <Link href="/legal/privacy" className="underline underline-offset-2">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </form>
      )}
    </AuthCard>
  );
}
