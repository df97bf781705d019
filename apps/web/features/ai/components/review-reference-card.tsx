'use client';

import { clsx } from 'clsx';
import { CircleDashed, ExternalLink, Quote } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CiteBox } from '@/features/papers/components/cite-box';
import { authorsLine, paperLinks } from '@/features/papers/components/paper-meta';
import { SaveButton } from '@/features/papers/components/save-button';
import { verdictLook } from '@/features/papers/components/verdict-look';
import type { StyleOption } from '@/features/papers/types';
import type { ReviewReference } from '../workflow/review-outputs';

/** The element id of a reference's card: a review's `[n]` marker links there. */
export const referenceAnchor = (position: number) => `wf-ref-${position}`;

// A partial verdict is neither a mismatch nor unchecked: the record was found, some of its fields were not.
const look = { verified: verdictLook.verified, partial: { icon: CircleDashed, className: 'border-amber-500/50 text-amber-700 dark:text-amber-300' } } as const;

/**
 * One numbered reference of the review: title (opens the paper), authors, year, venue, its verdict with what was
 * compared, where to read it, and Save / Cite, as a search result offers them.
 */
export function ReviewReferenceCard({
  reference,
  styles,
  savedKnown,
  onOpen,
}: {
  reference: ReviewReference;
  styles: StyleOption[];
  savedKnown: boolean;
  onOpen: () => void;
}) {
  const t = useTranslations('aiWorkflow.references');
  const tSource = useTranslations('research.search.source');
  const tField = useTranslations('research.record.fields');
  const locale = useLocale();
  const [citing, setCiting] = useState(false);
  const { paper, verdict } = reference;
  const names = (ids: string[]) =>
    new Intl.ListFormat(locale, { type: 'conjunction' }).format(ids.map((id) => (tSource.has(id as 'local') ? tSource(id as 'local') : id)));
  const fields = new Intl.ListFormat(locale, { type: 'conjunction' }).format(verdict.missing.map((f) => tField(f)));
  const Icon = look[verdict.status].icon;
  const meta = [paper.issued?.year, paper.container].filter(Boolean);
  const citeId = `${referenceAnchor(reference.position)}-cite`;
  return (
    <li
      id={referenceAnchor(reference.position)}
      tabIndex={-1}
      className="grid scroll-mt-24 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border border-border bg-card px-3 py-2 text-sm target:ring-2 target:ring-primary focus:outline-2 focus:outline-ring sm:px-4"
      data-testid="wf-reference"
      data-position={reference.position}
      data-cited={reference.cited}
    >
      <span className="font-medium text-primary tabular-nums">[{reference.position}]</span>
      <h3 className="leading-snug font-semibold [overflow-wrap:anywhere]">
        <button
          type="button"
          onClick={onOpen}
          className="rounded-sm text-left text-primary underline-offset-4 hover:underline focus-visible:underline"
          data-testid="wf-reference-title"
        >
          {paper.title}
        </button>
      </h3>
      <p className="col-start-2 text-muted-foreground [overflow-wrap:anywhere]" data-testid="wf-reference-meta">
        <span className="text-foreground">{authorsLine(paper, paper.language === 'zh' ? '等' : 'et al.') || t('noAuthors')}</span>
        {meta.map((part) => (
          <span key={String(part)}> · {part}</span>
        ))}
      </p>
      <div className="col-start-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span
          className={clsx('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 font-medium', look[verdict.status].className)}
          data-testid="wf-reference-verdict"
          data-status={verdict.status}
        >
          <Icon className="size-3.5" aria-hidden />
          {verdict.status === 'verified' ? t('verdict.verified', { sources: names(verdict.sources) }) : t('verdict.partial', { fields })}
        </span>
        {Object.entries(verdict.filled).map(([field, source]) => (
          <span key={field} className="rounded-md bg-accent px-1.5 py-0.5 text-accent-foreground" data-testid="wf-reference-filled">
            {t('verdict.filled', { field: tField(field as 'year'), source: names([source]) })}
          </span>
        ))}
      </div>
      {verdict.status === 'partial' || Object.keys(verdict.filled).length ? (
        <p className="col-start-2 text-xs text-muted-foreground" data-testid="wf-reference-explain">
          {verdict.status === 'partial'
            ? t('verdict.explainPartial', { sources: names(verdict.sources), fields })
            : t('verdict.explainFilled', { sources: names(verdict.sources) })}
        </p>
      ) : null}
      {reference.content ? (
        <p className="col-start-2 line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">{t('usedPassage', { passage: reference.content })}</p>
      ) : null}
      <div className="col-start-2 flex flex-wrap items-center gap-2">
        {paperLinks(paper).map((link) => (
          <a
            key={link.kind}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-7 min-w-0 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-primary underline-offset-4 hover:underline"
            data-testid="wf-reference-link"
          >
            <span className="max-w-[14rem] truncate">{t(`link.${link.kind}`, { label: link.label })}</span>
            <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          </a>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-expanded={citing}
          aria-controls={citeId}
          aria-label={t('citeTitled', { title: paper.title })}
          onClick={() => setCiting(!citing)}
          data-testid="wf-reference-cite"
        >
          <Quote aria-hidden />
          {t('cite')}
        </Button>
        <SaveButton paper={paper} compact batch={{ answered: savedKnown }} />
      </div>
      {citing ? (
        <div id={citeId} className="col-start-2 rounded-lg border border-border bg-background/60 p-3">
          <CiteBox paper={paper} styles={styles} />
        </div>
      ) : null}
    </li>
  );
}
