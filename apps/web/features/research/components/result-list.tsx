'use client';

import type { FederatedHit, Paper } from '@citewise/scholar';
// The browser-safe module: the package's root also exports the database-backed search.
import { openAccessPdfOf } from '@citewise/scholar/paper';
import { FileText, Quote } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useListKeys } from '@/hooks/use-list-keys';
import { MathText } from '../client/math-text';
import type { StyleOption } from '@/features/papers/types';
import { CiteBox } from '@/features/papers/components/cite-box';
import { IncompleteRecord } from '@/features/papers/components/incomplete-record';
import { authorsLine } from '@/features/papers/components/paper-meta';
import { SaveButton } from '@/features/papers/components/save-button';
import { SourceBadge } from './source-status';

/**
 * The results of one page, laid out for triage: title (opens the paper), authors, year, venue, citation count and
 * sources on one line, and on the row itself the open-access PDF, Cite (the reference in any style, in place) and
 * Save. j / k (or ↓ / ↑ inside the list) move from result to result.
 */
export function ResultList({
  hits,
  matched,
  offset,
  selected,
  styles,
  savedKnown,
  onToggle,
  onOpen,
}: {
  hits: FederatedHit[];
  /** Words the query matched, lower case (the search API's `matched`). */
  matched: ReadonlySet<string>;
  offset: number;
  selected: ReadonlyMap<string, Paper>;
  styles: StyleOption[];
  /** Whether the page's one lookup of saved papers has answered (the rows' save buttons then ask nothing). */
  savedKnown: boolean;
  onToggle: (paper: Paper, on: boolean) => void;
  onOpen: (paper: Paper) => void;
}) {
  const t = useTranslations('research.results');
  const { ref: listRef, onKeyDown } = useListKeys<HTMLOListElement>({ row: '[data-testid="search-result"]', target: '[data-testid="result-title"]' });
  const [citing, setCiting] = useState<string | null>(null);

  return (
    <ol ref={listRef} className="grid gap-2" start={offset + 1} onKeyDown={onKeyDown} data-testid="results" aria-keyshortcuts="j k">
      {hits.map(({ paper, sources }, index) => {
        const pdf = openAccessPdfOf(paper);
        const citeOpen = citing === paper.id;
        return (
          // One grid: on a phone everything stacks under the title, the actions last; from `sm` up the actions
          // stand right of the authors line, so a row is no taller than the text it shows.
          <li
            key={paper.id}
            className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border border-border bg-card px-3 py-2 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-4"
            data-testid="search-result"
          >
            <input
              type="checkbox"
              className="mt-1.5 size-4 shrink-0 accent-[var(--primary)]"
              checked={selected.has(paper.id)}
              onChange={(event) => onToggle(paper, event.target.checked)}
              aria-label={t('select', { title: paper.title })}
              data-testid="select-result"
            />
            <h3 className="col-start-2 leading-snug font-semibold [overflow-wrap:anywhere] sm:col-end-4 sm:row-start-1">
              <button
                type="button"
                onClick={() => onOpen(paper)}
                className="rounded-sm text-left text-primary underline-offset-4 hover:underline focus-visible:underline"
                data-testid="result-title"
              >
                <MathText text={paper.title} matched={matched} />
              </button>
            </h3>
            {/* From sm up the line never wraps (a long author list is cut short), so every row keeps one height. */}
            <p className="col-start-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 self-center text-sm text-muted-foreground [overflow-wrap:anywhere] sm:row-start-2 sm:flex-nowrap sm:whitespace-nowrap sm:[&>*]:shrink-0">
              <span className="text-foreground sm:min-w-0 sm:!shrink sm:truncate" data-testid="result-authors">
                {authorsLine(paper, paper.language === 'zh' ? '等' : 'et al.') || t('noAuthors')}
              </span>
              {paper.issued?.year ? <span data-testid="result-year">· {paper.issued.year}</span> : null}
              {paper.container ? <span data-testid="result-venue">· {paper.container}</span> : null}
              {typeof paper.citationCount === 'number' ? <span data-testid="citation-count">· {t('citations', { count: paper.citationCount })}</span> : null}
              {sources.map((source) => (
                <SourceBadge key={source} source={source} />
              ))}
            </p>
            <div
              className="col-start-2 order-1 flex flex-wrap items-center gap-2 sm:order-none sm:col-start-3 sm:row-start-2 sm:flex-nowrap sm:justify-end sm:gap-1"
              data-testid="result-actions"
            >
              {pdf ? (
                <a
                  href={pdf}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-primary underline-offset-4 hover:underline sm:h-6"
                  aria-label={t('pdfTitled', { title: paper.title })}
                  data-testid="result-pdf"
                >
                  <FileText className="size-3.5" aria-hidden />
                  {t('pdf')}
                </a>
              ) : null}
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="h-7 px-2 text-xs sm:h-6"
                aria-expanded={citeOpen}
                aria-controls={`cite-${offset + index}`}
                aria-label={t('citeTitled', { title: paper.title })}
                onClick={() => setCiting(citeOpen ? null : paper.id)}
                data-testid="result-cite"
              >
                <Quote aria-hidden />
                {t('cite')}
              </Button>
              <SaveButton paper={paper} compact batch={{ answered: savedKnown }} />
            </div>
            <div className="col-start-2 empty:hidden sm:col-end-4">
              <IncompleteRecord paper={paper} />
            </div>
            {paper.abstract ? (
              <p className="col-start-2 line-clamp-1 text-sm text-muted-foreground [overflow-wrap:anywhere] sm:col-end-4">
                <MathText text={paper.abstract} matched={matched} />
              </p>
            ) : (
              <p className="col-start-2 text-sm text-muted-foreground italic sm:col-end-4">{t('noAbstract')}</p>
            )}
            {citeOpen ? (
              <div
                id={`cite-${offset + index}`}
                className="order-2 col-start-2 rounded-lg border border-border bg-background/60 p-3 sm:order-none sm:col-end-4"
              >
                <CiteBox paper={paper} styles={styles} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
