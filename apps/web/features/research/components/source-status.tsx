'use client';

import type { SourceStatus } from '@citewise/scholar';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';

/**
 * One chip per asked source: answered (with how many matches it has, or returned when it does not say), timed
 * out, failed or switched off. Sources this server cannot reach at all are said once, in one line, not per chip.
 */
export function SourceStatusList({ statuses }: { statuses: SourceStatus[] }) {
  const t = useTranslations('research.status');
  const tSource = useTranslations('research.search.source');
  const unreachable = statuses.filter((s) => s.state === 'error' && s.code === 'network_error');
  const shown = statuses.filter((s) => !unreachable.includes(s));
  return (
    <>
      {unreachable.length ? (
        <p className="text-xs text-muted-foreground" role="status" data-testid="sources-offline">
          {t('offline', { sources: unreachable.map((s) => tSource(s.source)).join(', ') })}
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('label')} data-testid="source-status">
        {shown.map((status) => (
          <li
            key={status.source}
            data-state={status.state}
            className={clsx(
              'rounded-full border px-2.5 py-1',
              status.state === 'ok' && 'border-success/40 text-success',
              status.state === 'timeout' && 'border-amber-500/50 text-amber-700 dark:text-amber-300',
              status.state === 'error' && 'border-destructive/50 text-destructive',
              status.state === 'disabled' && 'border-border text-muted-foreground',
            )}
          >
            {tSource(status.source)}:{' '}
            {status.state !== 'ok' ? t(status.state) : status.total !== null ? t('matches', { count: status.total }) : t('ok', { count: status.returned })}
          </li>
        ))}
      </ul>
    </>
  );
}

export function SourceBadge({ source }: { source: string }) {
  const t = useTranslations('research.search.source');
  return (
    <span className="rounded-md bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-foreground" data-testid="source-badge">
      {t(source as 'local')}
    </span>
  );
}
