'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ApiError } from '@/lib/api/client';
import { useErrorMessage } from '@/hooks/use-error-message';
import { FormAlert } from '@/components/ui/form-alert';

/** The sign-in options could not be loaded (offline, or the auth service is down). */
export function ConfigProblem({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const t = useTranslations('auth');
  const toMessage = useErrorMessage();
  return (
    <FormAlert title={t('configFailed')}>
      <p>{toMessage(error).message}</p>
      <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {t('retry')}
      </Button>
    </FormAlert>
  );
}
