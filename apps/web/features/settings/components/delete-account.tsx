'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { confirmationMatches, deletionPhrase } from '../schema';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';
import { useApi } from '@/lib/api/use-api';

/**
 * Deleting the account: the person types the account's email (or phone) to confirm; the server removes the data
 * and soft-deletes the account; this browser then signs out and leaves for the home page.
 */
export function DeleteAccount() {
  const t = useTranslations('settings.delete');
  const api = useApi();
  const { user, loaded, signOut } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const phrase = user ? deletionPhrase(user) : '';
  const matches = confirmationMatches(typed, phrase);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    setError(null);
    setPending(true);
    try {
      await api.fetch('/api/user/delete-account', { method: 'POST', body: { confirmation: typed } });
    } catch (failure) {
      setPending(false);
      return setError(toMessage(failure).message);
    }
    // The sessions ended on the server; this clears this browser's and leaves the dashboard.
    await signOut();
  }

  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-delete" danger>
      {!loaded || !user ? (
        <SectionLoading label={t('loading')} />
      ) : (
        <form onSubmit={submit} method="post" noValidate className="grid gap-4" data-testid="delete-form">
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            <li>{t('what')}</li>
            <li>{t('exportFirst')}</li>
          </ul>
          <Field label={t('confirmLabel', { phrase })}>
            <Input
              name="confirmation"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              data-testid="delete-confirmation"
            />
          </Field>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <div>
            <Button
              type="submit"
              disabled={!matches || pending}
              className="bg-destructive text-white hover:bg-destructive/90 dark:text-background"
              data-testid="delete-submit"
            >
              {pending ? t('deleting') : t('submit')}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
