'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import { libraryErrorText } from './library-error';

/** The parts of the AI client's AiError (client/dify-error.ts) this notice reads. */
export type AiRunError = {
  kind: 'no_model' | 'quota' | 'model' | 'network' | 'unauthorized' | 'other';
  code: string;
  /** The server's own words, in the page's language. */
  message: string;
  /** Quota: the day it resets (YYYY-MM-DD). */
  resetAt?: string;
};

/** The error of a run in the user's language, with what to do next. */
export function AiErrorNotice({ error, onRetry }: { error: AiRunError; onRetry?: () => void }) {
  const t = useTranslations('aiErrors');
  const library = libraryErrorText(useTranslations('aiChat.errors'), error.code);
  const format = useFormatter();
  const kind = error.kind;
  const date = error.resetAt ? format.dateTime(new Date(`${error.resetAt}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' }) : '';
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm" data-testid="ai-error" data-code={error.code}>
      <p className="font-medium">{t(`${kind}.title`)}</p>
      <p className="text-muted-foreground">{t(`${kind}.body`, { date: date || '—' })}</p>
      {library ? <p data-testid="ai-error-library">{library}</p> : null}
      {(kind === 'model' || kind === 'other') && error.message && !library ? (
        <p className="break-words text-xs text-muted-foreground">{error.message}</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {kind === 'no_model' ? (
          <Link href="/docs/self-hosting/connecting-a-model" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('no_model.action')}
          </Link>
        ) : null}
        {kind === 'quota' ? (
          <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('quota.action')}
          </Link>
        ) : null}
        {kind === 'unauthorized' ? (
          <Link href="/auth/signin" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('unauthorized.action')}
          </Link>
        ) : null}
        {onRetry && !library && kind !== 'no_model' && kind !== 'quota' && kind !== 'unauthorized' ? (
          <Button type="button" size="sm" variant="outline" onClick={onRetry} data-testid="ai-retry">
            {t('retry')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
