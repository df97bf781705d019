'use client';

import type { FederatedHit, Paper } from '@citewise/scholar';
import { useTranslations } from 'next-intl';
import { Highlight } from '../client/highlight';
import { IncompleteRecord } from './incomplete-record';
import { authorsLine } from './paper-meta';
import { SourceBadge } from './source-status';

/** The results of one page: a checkbox to select each for export, the title opens the paper. */
export function ResultList({
  hits,
  matched,
  offset,
  selected,
  onToggle,
  onOpen,
}: {
  hits: FederatedHit[];
  /** Words the query matched, lower case (the search API's `matched`). */
  matched: ReadonlySet<string>;
  offset: number;
  selected: ReadonlyMap<string, Paper>;
  onToggle: (paper: Paper, on: boolean) => void;
  onOpen: (paper: Paper) => void;
}) {
  const t = useTranslations('research.results');
  return (
    <ol className="grid gap-2" start={offset + 1} data-testid="results">
      {hits.map(({ paper, sources }) => (
        <li key={paper.id} className="flex gap-3 rounded-lg border border-border bg-card px-3 py-2.5 sm:px-4" data-testid="search-result">
          <input
            type="checkbox"
            className="mt-1.5 size-4 shrink-0 accent-[var(--primary)]"
            checked={selected.has(paper.id)}
            onChange={(event) => onToggle(paper, event.target.checked)}
            aria-label={t('select', { title: paper.title })}
            data-testid="select-result"
          />
          <div className="grid min-w-0 flex-1 gap-1">
            <h3 className="leading-snug font-semibold [overflow-wrap:anywhere]">
              <button
                type="button"
                onClick={() => onOpen(paper)}
                className="text-left text-primary underline-offset-4 hover:underline focus-visible:underline"
                data-testid="result-title"
              >
                <Highlight text={paper.title} matched={matched} />
              </button>
            </h3>
            <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
              <span className="text-foreground">{authorsLine(paper, paper.language === 'zh' ? '等' : 'et al.') || t('noAuthors')}</span>
              {[paper.issued?.year, paper.container].filter(Boolean).map((part) => (
                <span key={String(part)}>· {part}</span>
              ))}
              {sources.map((source) => (
                <SourceBadge key={source} source={source} />
              ))}
            </p>
            <IncompleteRecord paper={paper} />
            {paper.abstract ? (
              <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere] sm:line-clamp-1">
                <Highlight text={paper.abstract} matched={matched} />
              </p>
            ) : (
              <p className="text-sm text-muted-foreground italic">{t('noAbstract')}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
