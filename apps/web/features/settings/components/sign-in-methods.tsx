'use client';

import type { UserIdentity } from '@supabase/supabase-js';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/query-state';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { callbackUrl } from '@/lib/auth/urls';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

type Provider = { id: string; name: string };

/**
 * The ways this account signs in (`auth.getUserIdentities()`). With manual linking on, providers not yet
 * linked can be added (`linkIdentity`, which leaves for the provider and comes back through the callback) and
 * any but the last removed (`unlinkIdentity`).
 */
export function SignInMethods({ providers, manualLinking }: { providers: Provider[]; manualLinking: boolean }) {
  const t = useTranslations('settings.methods');
  const locale = useLocale() as Locale;
  const { supabase, loaded } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [identities, setIdentities] = useState<UserIdentity[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!supabase) return;
    setLoadFailed(false);
    const { data, error: listError } = await supabase.auth.getUserIdentities();
    if (listError || !data) return setLoadFailed(true);
    setIdentities(data.identities);
  }, [supabase]);

  useEffect(() => {
    if (!loaded) return;
    queueMicrotask(() => void load());
  }, [loaded, load]);

  const nameOf = (provider: string) =>
    providers.find((p) => p.id === provider)?.name ?? (provider === 'email' ? t('email') : provider === 'phone' ? t('phone') : provider);

  async function link(provider: Provider) {
    if (!supabase) return;
    setError(null);
    setBusy(provider.id);
    const { error: linkError } = await supabase.auth.linkIdentity({
      provider: provider.id as 'github',
      options: { redirectTo: callbackUrl(localizePath('/dashboard/settings/security', locale)) },
    });
    // On success the browser is on its way to the provider.
    if (linkError) {
      setBusy(null);
      setError(toMessage(linkError).message);
    }
  }

  async function unlink(identity: UserIdentity) {
    if (!supabase) return;
    if (!window.confirm(t('confirmUnlink', { name: nameOf(identity.provider) }))) return;
    setError(null);
    setBusy(identity.identity_id);
    const { error: unlinkError } = await supabase.auth.unlinkIdentity(identity);
    setBusy(null);
    if (unlinkError) return setError(toMessage(unlinkError).message);
    await supabase.auth.refreshSession();
    await load();
  }

  const linked = new Set(identities?.map((identity) => identity.provider));
  const linkable = manualLinking ? providers.filter((provider) => !linked.has(provider.id)) : [];

  return (
    <SettingsSection title={t('title')} description={manualLinking ? t('leadLinking') : t('lead')} testId="settings-methods">
      {!loaded || (!identities && !loadFailed) ? (
        <SectionLoading label={t('loading')} />
      ) : loadFailed ? (
        <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void load()} />
      ) : (
        <div className="grid gap-4">
          {error ? <FormAlert>{error}</FormAlert> : null}
          <ul className="grid gap-2" data-testid="identity-list">
            {identities!.map((identity) => {
              const detail =
                typeof identity.identity_data?.email === 'string'
                  ? identity.identity_data.email
                  : typeof identity.identity_data?.phone === 'string'
                    ? `+${String(identity.identity_data.phone).replace(/^\+/, '')}`
                    : null;
              return (
                <li key={identity.identity_id} className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3" data-testid="identity">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{nameOf(identity.provider)}</p>
                    {detail ? <p className="truncate text-xs text-muted-foreground">{detail}</p> : null}
                  </div>
                  {manualLinking && identities!.length > 1 ? (
                    <Button variant="outline" size="sm" disabled={busy === identity.identity_id} onClick={() => void unlink(identity)}>
                      {t('unlink')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {linkable.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {linkable.map((provider) => (
                <Button
                  key={provider.id}
                  variant="outline"
                  disabled={busy === provider.id}
                  onClick={() => void link(provider)}
                  data-testid={`link-${provider.id}`}
                >
                  {t('link', { name: provider.name })}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}
