'use client';

import { Laptop } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

/** "Firefox on Windows", from the user agent, for the line about this device. */
export function describeDevice(userAgent: string): { browser: string | null; system: string | null } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  return { browser, system };
}

const subscribeNever = () => () => {};

/**
 * Sessions: this device, and "sign out everywhere else" (`auth.signOut({ scope: 'others' })`), which ends every
 * other session of the account at once. The auth protocol has no list of sessions to show.
 */
export function Sessions() {
  const t = useTranslations('settings.sessions');
  const { supabase, loaded, user } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const userAgent = useSyncExternalStore(
    subscribeNever,
    () => navigator.userAgent,
    () => '',
  );
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ kind: 'done' } | { kind: 'error'; message: string } | null>(null);

  async function signOutOthers() {
    if (!supabase) return;
    setResult(null);
    setPending(true);
    const { error } = await supabase.auth.signOut({ scope: 'others' });
    setPending(false);
    setResult(error ? { kind: 'error', message: toMessage(error).message } : { kind: 'done' });
  }

  const device = describeDevice(userAgent);
  const name =
    device.browser && device.system
      ? t('browserOn', { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t('unknownDevice'));
  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-sessions">
      {!loaded || !user ? (
        <SectionLoading label={t('loading')} />
      ) : (
        <div className="grid gap-4">
          <div className="flex items-center gap-3 rounded-md border border-border p-3">
            <Laptop className="size-5 text-primary" aria-hidden />
            <div>
              <p className="font-medium" data-testid="session-this-device">
                {name}
              </p>
              <p className="text-xs text-muted-foreground">{t('thisDevice')}</p>
            </div>
          </div>
          {result?.kind === 'done' ? <FormAlert kind="success" title={t('signedOutOthers')} testId="sessions-done" /> : null}
          {result?.kind === 'error' ? <FormAlert>{result.message}</FormAlert> : null}
          <div>
            <Button variant="outline" onClick={() => void signOutOthers()} disabled={pending} data-testid="sessions-sign-out-others">
              {pending ? t('signingOut') : t('signOutOthers')}
            </Button>
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
