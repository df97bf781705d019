'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { takeAfterSignInPath } from '../client/after-sign-in';
import { useAuthConfig } from '@/hooks/use-auth-config';
import { toast } from '@/hooks/use-toast';
import { AuthCard } from './auth-card';
import { ConfigProblem } from './config-problem';
import { MfaChallenge } from './mfa-challenge';

/** /auth/mfa: where guarded pages send a signed-in account that still owes its authenticator code. */
export function MfaPage() {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { config, error, retry } = useAuthConfig(locale);
  return (
    <AuthCard title={t('mfa.title')} lead={t('mfa.lead')}>
      {error ? <ConfigProblem error={error} onRetry={retry} /> : null}
      {config ? (
        <MfaChallenge
          config={config}
          onVerified={() => {
            toast({ title: t('signIn.success'), variant: 'success' });
            router.replace(takeAfterSignInPath(locale));
          }}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('loading')}</p>
      )}
    </AuthCard>
  );
}
