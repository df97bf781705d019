'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReviewReference, ScreenedPaper, ScreeningReport } from '../workflow/review-outputs';

/**
 * The screening step's account of itself: every paper the searches found, kept or dropped, and why; a kept paper
 * says the marker the review cites it by (from the reference list, once the review is written).
 */
export function ReviewScreening({ report, references }: { report: ScreeningReport; references: ReviewReference[] }) {
  const t = useTranslations('aiWorkflow.screening');
  const format = useFormatter();
  const marker = new Map(references.map((r) => [r.paper.id, r]));
  const why = (paper: ScreenedPaper) => {
    const score = format.number(paper.score, { maximumFractionDigits: 3 });
    if (paper.reason === 'no_abstract') return t('reason.no_abstract');
    if (paper.reason === 'in_collection') return t('reason.in_collection');
    if (paper.reason === 'lower_relevance') return t('reason.lower_relevance', { limit: report.limit, hits: paper.hits, queries: report.queries, score });
    return t('reason.relevant', { hits: paper.hits, queries: report.queries, score });
  };
  const item = (paper: ScreenedPaper, kept: boolean) => {
    const reference = marker.get(paper.paper_id);
    return (
      <li key={paper.paper_id} className="[overflow-wrap:anywhere]" data-testid={kept ? 'wf-screen-kept' : 'wf-screen-dropped'} data-reason={paper.reason}>
        <span className="text-foreground">{paper.title}</span>
        {paper.year ? ` (${paper.year})` : ''} — {why(paper)}
        {kept && reference ? <span className="text-foreground"> · {reference.cited ? t('citedAs', { n: reference.position }) : t('notCited')}</span> : null}
      </li>
    );
  };
  return (
    <details className="basis-full text-xs text-muted-foreground" data-testid="wf-screening">
      <summary className="cursor-pointer">
        {report.queries === 0 && report.kept.every((p) => p.reason === 'in_collection')
          ? t('summaryCollection', { kept: report.kept.length })
          : t('summary', { found: report.found, queries: report.queries, kept: report.kept.length, dropped: report.excluded.length })}
      </summary>
      <div className="mt-2 grid gap-2">
        <div>
          <p className="font-medium text-foreground">{t('kept', { count: report.kept.length })}</p>
          <ol className="ml-5 grid list-decimal gap-0.5">{report.kept.map((p) => item(p, true))}</ol>
        </div>
        {report.excluded.length ? (
          <div>
            <p className="font-medium text-foreground">{t('dropped', { count: report.excluded.length })}</p>
            <ul className="ml-5 grid list-disc gap-0.5">{report.excluded.map((p) => item(p, false))}</ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}
