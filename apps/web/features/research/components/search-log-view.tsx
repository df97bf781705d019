'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { SearchLog } from '../client/use-ask';

/** How the answer's papers were found: the query, each source's answer and time; kept as a JSON file on demand. */
export function SearchLogView({ log }: { log: SearchLog }) {
  const t = useTranslations('research.ask');
  const format = useFormatter();

  function exportJson() {
    const url = URL.createObjectURL(new Blob([JSON.stringify(log, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `citewise-search-log-${log.searched_at.slice(0, 19).replace(/:/g, '-')}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later: the browser may still be reading the file when click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <details className="rounded-lg border border-border p-3 text-sm" data-testid="ask-search-log">
      <summary className="cursor-pointer font-medium">{t('logTitle', { results: log.results, ms: format.number(log.took_ms) })}</summary>
      <p className="mt-2 text-muted-foreground">{t('logQuery', { query: log.queries.join(' · ') })}</p>
      <ul className="mt-2 grid gap-1">
        {log.sources.map((source) => (
          <li key={source.source} data-testid="ask-log-source">
            <span className="font-medium">{source.source}</span>:{' '}
            {source.state === 'ok' ? t('logOk', { returned: source.returned ?? 0, ms: format.number(source.took_ms ?? 0) }) : `${source.state}${source.message ? ` — ${source.message}` : ''}`}
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" className="mt-3" onClick={exportJson} data-testid="ask-log-export">
        {t('logExport')}
      </Button>
    </details>
  );
}
