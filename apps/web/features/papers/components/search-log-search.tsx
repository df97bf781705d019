'use client';

import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { SearchChanges, SearchRecord, SourceLine } from '@/features/papers/search-log';

/** A source's name in the reader's language: a literature source, the user's library, or an unknown one as given. */
export function useSourceName() {
  const t = useTranslations('research.search.source');
  const tLog = useTranslations('research.searchLog');
  return (source: string) => (source === 'library' ? tLog('sourceLibrary') : t.has(source as 'local') ? t(source as 'local') : source);
}

/** "local: 6 hits in 12 ms", "OpenAlex: timed out — …". */
export function SourceLineText({ line }: { line: SourceLine }) {
  const t = useTranslations('research.searchLog');
  const format = useFormatter();
  const name = useSourceName();
  const state = t.has(`state.${line.state}` as 'state.error') ? t(`state.${line.state}` as 'state.error') : line.state;
  return (
    <>
      <span className="font-medium">{name(line.source)}</span>:{' '}
      {line.state === 'ok'
        ? t('ok', { returned: line.returned ?? 0, ms: format.number(line.took_ms ?? 0) })
        : `${state}${line.message ? ` — ${line.message}` : ''}`}
    </>
  );
}

/** One search of a log: the query as sent, its options and translation, each source's answer, its ranked results. */
export function SearchLogSearch({ search, n, changes }: { search: SearchRecord; n: number; changes: SearchChanges | null }) {
  const t = useTranslations('research.searchLog');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const sort = t.has(`sort.${search.options.sort}` as 'sort.relevance') ? t(`sort.${search.options.sort}` as 'sort.relevance') : search.options.sort;
  const translation = search.translation;
  return (
    <li className="grid gap-1 border-t border-border pt-2 first:border-t-0 first:pt-0" data-testid="search-log-search">
      <p className="[overflow-wrap:anywhere]">
        <span className="text-muted-foreground">{t('query', { n })}:</span>{' '}
        <q className="font-medium" data-testid="search-log-query">
          {search.query}
        </q>
      </p>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]" data-testid="search-log-options">
        {t('options', { limit: search.options.limit, sort })} ·{' '}
        {translation
          ? t('translated', {
              language: t(`language.${translation.to}`),
              searched: translation.searched.join(', '),
              engine: t.has(`engine.${translation.engine}` as 'engine.llm') ? t(`engine.${translation.engine}` as 'engine.llm') : translation.engine,
            })
          : t('asWritten')}
      </p>
      <ul className="grid gap-0.5 text-xs">
        {search.sources.map((line) => (
          <li key={line.source} data-testid="search-log-search-source" data-source={line.source} data-state={line.state}>
            <SourceLineText line={line} />
          </li>
        ))}
      </ul>
      {/* A button, not a nested <details>: the log's own disclosure stays the one summary inside it. */}
      <button
        type="button"
        className="flex w-fit items-center gap-1 rounded-sm text-xs text-muted-foreground hover:text-foreground"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        data-testid="search-log-results-toggle"
      >
        <ChevronRight aria-hidden className={clsx('size-3.5 transition-transform motion-reduce:transition-none', open && 'rotate-90')} />
        {t('results', { count: search.results.length })}
      </button>
      {open ? (
        <ol id={listId} className="ml-5 grid list-decimal gap-0.5 text-xs" data-testid="search-log-results">
          {search.results.map((result) => (
            <li key={result.id} className="[overflow-wrap:anywhere]" data-id={result.id}>
              {result.title}
              {result.year ? ` (${result.year})` : ''} <span className="font-mono text-muted-foreground">{result.id}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {changes ? <SearchChangesList changes={changes} /> : null}
    </li>
  );
}

/** What a replay of one search found differently: new papers, dropped ones, moved ones, sources in other states. */
function SearchChangesList({ changes }: { changes: SearchChanges }) {
  const t = useTranslations('research.searchLog');
  const name = useSourceName();
  const stateName = (state: string | null) =>
    state === null ? t('none') : t.has(`state.${state}` as 'state.error') ? t(`state.${state}` as 'state.error') : state;
  const none = !changes.added.length && !changes.dropped.length && !changes.moved.length && !changes.sources.length;
  return (
    <div className="grid gap-1 rounded-md bg-muted/60 p-2 text-xs" data-testid="search-log-changes">
      {none ? <p className="text-muted-foreground">{t('queryUnchanged')}</p> : null}
      {changes.added.length ? (
        <Listed label={t('added')} testId="search-log-added" className="text-success">
          {changes.added.map((p) => (
            <li key={p.id} data-id={p.id}>
              +{p.rank}. {p.title}
              {p.year ? ` (${p.year})` : ''}
            </li>
          ))}
        </Listed>
      ) : null}
      {changes.dropped.length ? (
        <Listed label={t('dropped')} testId="search-log-dropped" className="text-destructive">
          {changes.dropped.map((p) => (
            <li key={p.id} data-id={p.id}>
              −{p.rank}. {p.title}
              {p.year ? ` (${p.year})` : ''}
            </li>
          ))}
        </Listed>
      ) : null}
      {changes.moved.length ? (
        <Listed label={t('moved')} testId="search-log-moved">
          {changes.moved.map((p) => (
            <li key={p.id} data-id={p.id}>
              {p.from} → {p.to}: {p.title}
            </li>
          ))}
        </Listed>
      ) : null}
      {changes.sources.map((change) => (
        <p key={change.source} data-testid="search-log-source-change">
          {t('sourceChange', { source: name(change.source), before: stateName(change.before), after: stateName(change.after) })}
        </p>
      ))}
      {!none ? <p className="text-muted-foreground">{t('sameRank', { count: changes.same })}</p> : null}
    </div>
  );
}

function Listed({ label, testId, className, children }: { label: string; testId: string; className?: string; children: React.ReactNode }) {
  return (
    <div data-testid={testId}>
      <p className="font-medium">{label}</p>
      <ul className={`grid gap-0.5 [overflow-wrap:anywhere] ${className ?? ''}`}>{children}</ul>
    </div>
  );
}
