'use client';

import { RefreshCw } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { saveTextFile } from '@/lib/api/download';
import { useErrorText } from '@/hooks/use-error-message';
import { useSearchReplay } from '@/features/papers/client/use-search-replay';
import { exportedLog, replayable, replayTotals, type SearchLog } from '@/features/papers/search-log';
import { SearchLogSearch, SourceLineText } from './search-log-search';

/**
 * How an answer's papers were found, so anyone can repeat it: what was asked, each search as sent (query, options,
 * translation), each source's answer and the ranked results, the model and prompt version. "Run again" sends the
 * same searches and shows what changed; the log (with its last replay) is kept as a JSON file on demand.
 */
export function SearchLogView({ log }: { log: SearchLog }) {
  const t = useTranslations('research.searchLog');
  const format = useFormatter();
  const errorText = useErrorText();
  const { replay, running, error, run } = useSearchReplay(log);
  const canReplay = replayable(log);
  const totals = replay ? replayTotals(replay) : null;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  function exportJson() {
    const file = exportedLog(log, replay);
    saveTextFile(file.name, file.text, 'application/json');
  }

  return (
    <details className="rounded-lg border border-border p-3 text-sm" data-testid="ask-search-log">
      <summary className="cursor-pointer font-medium">{t('title', { results: log.results, ms: format.number(log.took_ms) })}</summary>
      <dl className="mt-2 grid gap-x-3 gap-y-1 text-xs sm:grid-cols-[auto_minmax(0,1fr)]" data-testid="search-log-meta">
        {log.question ? <Meta label={t('question')}>{log.question}</Meta> : null}
        {log.model !== undefined ? <Meta label={t('model')}>{log.model ?? t('noModel')}</Meta> : null}
        {log.prompt_version ? (
          <Meta label={t('prompt')}>
            <span className="font-mono">{log.prompt_version}</span>
          </Meta>
        ) : null}
        <Meta label={t('searchedAt')}>{when(log.searched_at)}</Meta>
      </dl>
      <ul className="mt-2 grid gap-1">
        {log.sources.map((source) => (
          <li key={source.source} data-testid="ask-log-source" data-source={source.source} data-state={source.state}>
            <SourceLineText line={source} />
          </li>
        ))}
      </ul>
      {log.library ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="search-log-library">
          {t('library', { count: log.library.returned })}
        </p>
      ) : null}
      {canReplay ? (
        <ol className="mt-3 grid gap-2" aria-label={t('searches', { count: log.searches.length })}>
          {log.searches.map((search, i) => (
            <SearchLogSearch key={i} search={search} n={i + 1} changes={replay?.changes[i] ?? null} />
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-xs text-muted-foreground">{t('old')}</p>
      )}
      {replay && totals ? (
        <p className="mt-3 rounded-md border border-border p-2 text-xs" role="status" data-testid="search-log-replay">
          <span className="font-medium">{t('replayed', { date: when(replay.replayed_at) })}:</span>{' '}
          {totals.added + totals.dropped + totals.moved + totals.sources === 0
            ? t('unchanged')
            : `${t('changed', totals)}${totals.sources ? `; ${t('sourcesChanged', { count: totals.sources })}` : ''}.`}
        </p>
      ) : null}
      {error ? (
        <p className="mt-2 text-xs text-destructive" role="alert">
          {t('runFailed')} {errorText(error)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {canReplay ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void run()}
            disabled={running}
            aria-busy={running}
            data-testid="search-log-run-again"
          >
            <RefreshCw aria-hidden className={running ? 'motion-safe:animate-spin' : undefined} />
            {running ? t('running') : t('runAgain')}
          </Button>
        ) : null}
        <Button type="button" variant="outline" size="sm" onClick={exportJson} data-testid="ask-log-export">
          {t('export')}
        </Button>
      </div>
    </details>
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}
