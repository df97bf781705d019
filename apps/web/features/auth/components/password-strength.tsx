'use client';

import { Check, Circle, LoaderCircle, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';
import { cn } from '@/lib/utils';
import { useApi } from '@/lib/api/use-api';

type Reason = 'length' | 'characters' | 'pwned';

/**
 * Live feedback on a new password, in the auth service's own terms: its `weak_password` reasons `length`,
 * `characters` and `pwned`. Length and character sets are checked here as the person types; the
 * common-password list lives on the server and is asked a moment after typing stops. `rejected` holds the
 * reasons the service gave when the form was submitted, which always win.
 */
export function PasswordStrength({ password, policy, rejected = [] }: { password: string; policy: PublicAuthConfig['passwordPolicy']; rejected?: string[] }) {
  const t = useTranslations('auth.strength');
  const api = useApi();
  const [server, setServer] = useState<{ password: string; reasons: string[] } | null>(null);

  useEffect(() => {
    if (!password) return;
    let live = true;
    const timer = window.setTimeout(() => {
      api.fetch<{ reasons: string[] }>('/api/auth/password-check', { body: { password } }).then(
        (result) => live && setServer({ password, reasons: result.reasons }),
        () => live && setServer(null),
      );
    }, 350);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [password, api]);

  const failing = (reason: Reason): boolean | null => {
    if (rejected.includes(reason)) return true;
    if (!password) return null;
    if (reason === 'length') return [...password].length < policy.minLength;
    if (reason === 'characters') return policy.requiredCharacters.some((set) => ![...set].some((char) => password.includes(char)));
    return server?.password === password ? server.reasons.includes('pwned') : null;
  };

  const items: { reason: Reason; label: string }[] = [
    { reason: 'length', label: t('length', { min: policy.minLength }) },
    ...(policy.requiredCharacters.length ? [{ reason: 'characters' as const, label: t('characters', { sets: policy.requiredCharacters.join(' · ') }) }] : []),
    { reason: 'pwned', label: t('pwned') },
  ];

  return (
    <div className="rounded-md border border-border bg-muted/50 p-3" data-testid="password-strength">
      <p className="mb-1.5 text-xs font-medium text-muted-foreground" id="password-rules">
        {t('title')}
      </p>
      <ul className="grid gap-1 text-sm" aria-live="polite">
        {items.map(({ reason, label }) => {
          const state = failing(reason);
          const checking = state === null && reason === 'pwned' && Boolean(password);
          const Icon = checking ? LoaderCircle : state === null ? Circle : state ? X : Check;
          return (
            <li
              key={reason}
              data-testid={`strength-${reason}`}
              data-state={state === null ? 'pending' : state ? 'unmet' : 'met'}
              className={cn('flex items-center gap-2', state === false && 'text-success', state === true && 'text-destructive')}
            >
              <Icon className={cn('size-4 shrink-0', checking && 'animate-spin', state === null && 'text-muted-foreground')} aria-hidden />
              <span>
                {label}
                <span className="sr-only">
                  {' — '}
                  {checking ? t('checking') : state === false ? t('met') : t('unmet')}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
