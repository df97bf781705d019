'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import type { AiError } from '../client/dify-error';
import { isLibraryError, libraryErrorText } from './library-error';

/** A failed answer in the user's language, with what they can do about it. */
export function ChatError({ error, onRetry }: { error: AiError; onRetry?: () => void }) {
  const t = useTranslations('aiChat.errors');
  const locale = useLocale();
  const date = error.resetAt
    ? new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${error.resetAt}T00:00:00Z`))
    : null;
  let text: string;
  let action: React.ReactNode = null;
  switch (error.kind) {
    case 'no_model':
      text = t('noModel');
      action = (
        <Link href="/docs/self-hosting/connecting-a-model" className="font-medium text-primary underline underline-offset-4">
          {t('noModelLink')}
        </Link>
      );
      break;
    case 'quota':
      text = date ? t('quota', { date }) : t('quotaNoDate');
      action = (
        <Link href="/pricing" className="font-medium text-primary underline underline-offset-4">
          {t('quotaLink')}
        </Link>
      );
      break;
    case 'model':
      text = t('model', { message: error.message || '—' });
      break;
    case 'network':
      text = t('network');
      break;
    case 'unauthorized':
      text = t('unauthorized');
      break;
    default:
      text = documentText(t, error) ?? libraryErrorText(t, error.code) ?? (error.message || t('other'));
  }
  // The same file would be refused again: the way on is another file, not another try.
  const retryable =
    (error.kind === 'model' || error.kind === 'network' || error.kind === 'other') && !DOCUMENT_CODES.has(error.code) && !isLibraryError(error.code);
  return (
    <div role="alert" className="mt-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm" data-testid="chat-error" data-kind={error.kind}>
      <p>{text}</p>
      {(action || (retryable && onRetry)) && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {action}
          {retryable && onRetry && (
            <Button type="button" size="sm" variant="outline" onClick={onRetry} data-testid="retry">
              {t('retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

const DOCUMENT_CODES = new Set(['document_too_large', 'document_unreadable']);

/** An attached file the runtime could not read, in the page's language (the runtime's own words are English). */
function documentText(t: ReturnType<typeof useTranslations<'aiChat.errors'>>, error: AiError): string | null {
  const name = error.detail.file ?? '—';
  if (error.code === 'document_too_large') return t('documentTooLarge', { name, pages: error.detail.pagesRead ?? 0 });
  if (error.code === 'document_unreadable') return t('documentUnreadable', { name });
  return null;
}
