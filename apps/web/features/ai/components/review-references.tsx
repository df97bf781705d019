'use client';

import type { Paper } from '@citewise/scholar';
import { TriangleAlert } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSavedOnPage } from '@/features/papers/client/use-saved-on-page';
import { ExportControls } from '@/features/papers/components/export-bar';
import { PaperPanel } from '@/features/papers/components/paper-panel';
import { SaveButton } from '@/features/papers/components/save-button';
import type { StyleOption } from '@/features/papers/types';
import type { ReviewOutputs } from '../workflow/review-outputs';
import { ReviewReferenceCard } from './review-reference-card';

/**
 * The review's reference list under its text: the cited papers as numbered cards (each marker links to its card),
 * the citations no source confirmed, the screened papers the review did not cite (folded), and the list's export in
 * any format and citation style.
 */
export function ReviewReferences({ outputs, styles }: { outputs: ReviewOutputs; styles: StyleOption[] }) {
  const t = useTranslations('aiWorkflow.references');
  const format = useFormatter();
  const checkedAt = outputs.references.find((r) => r.verdict.checked_at)?.verdict.checked_at;
  const [open, setOpen] = useState<Paper | null>(null);
  const cited = outputs.references.filter((r) => r.cited);
  const uncited = outputs.references.filter((r) => !r.cited);
  const savedKnown = useSavedOnPage(outputs.references.map((r) => r.paper));
  const card = (reference: (typeof cited)[number]) => (
    <ReviewReferenceCard key={reference.position} reference={reference} styles={styles} savedKnown={savedKnown} onOpen={() => setOpen(reference.paper)} />
  );

  return (
    <section aria-labelledby="wf-references-title" className="grid gap-3" data-testid="wf-references">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="wf-references-title" className="text-base font-semibold">
          {t('title')} <span className="text-sm font-normal text-muted-foreground">{t('count', { count: cited.length })}</span>
        </h2>
        {cited.length ? (
          <ExportControls
            count={cited.length}
            styles={styles}
            path="/api/scholar/export"
            body={() => ({ papers: cited.map((r) => r.paper) })}
            label={t('export')}
          />
        ) : null}
      </div>
      {checkedAt ? (
        <p className="text-xs text-muted-foreground" data-testid="wf-references-note">
          {t('note', { date: format.dateTime(new Date(checkedAt), { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      ) : null}
      {outputs.flagged.length ? (
        <div className="grid gap-2 rounded-lg border border-destructive/50 p-3 text-sm" role="note" data-testid="wf-flagged">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
            {t('flaggedTitle', { count: outputs.flagged.length })}
          </p>
          <ul className="grid gap-1">
            {outputs.flagged.map((item, i) => (
              <li key={i} data-testid="wf-flagged-item">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{item.text}</span>{' '}
                <span className="text-muted-foreground">— {item.reason === 'unknown_marker' ? t('flaggedMarker') : t('flaggedReference')}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {cited.length ? <ol className="grid gap-2">{cited.map(card)}</ol> : <p className="text-sm text-muted-foreground">{t('none')}</p>}
      {outputs.named.length ? (
        <div className="grid gap-1 text-sm" data-testid="wf-named">
          <p className="font-medium">{t('named')}</p>
          <ul className="ml-5 list-disc text-muted-foreground">
            {outputs.named.map((n) => (
              <li key={n.paper_id} className="[overflow-wrap:anywhere]">
                <span className="text-foreground">{n.title}</span> — {n.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {uncited.length ? (
        <details className="grid gap-2" data-testid="wf-uncited">
          <summary className="cursor-pointer text-sm font-medium">{t('uncited', { count: uncited.length })}</summary>
          <ol className="mt-2 grid gap-2">{uncited.map(card)}</ol>
        </details>
      ) : null}
      <PaperPanel paper={open} styles={styles} onClose={() => setOpen(null)} testId="wf-paper-panel">
        {open ? <SaveButton key={open.id} paper={open} /> : null}
      </PaperPanel>
    </section>
  );
}
