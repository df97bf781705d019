'use client';

import type { GapField, Paper } from '@citewise/scholar';
import { ExternalLink, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useCompletedPaper } from '@/features/papers/client/use-completed-paper';
import type { StyleOption } from '@/features/papers/types';
import { CiteBox } from './cite-box';
import { IncompleteRecord } from './incomplete-record';
import { authorLabel, paperLinks } from './paper-meta';

/**
 * A paper in a modal side panel (a native <dialog>: focus stays inside, Escape closes it, focus returns to the
 * result that opened it). `children` adds what the page needs (save to library, a note).
 */
export function PaperPanel({
  paper: record,
  styles,
  onClose,
  children,
  testId = 'paper-panel',
}: {
  paper: Paper | null;
  styles: StyleOption[];
  onClose: () => void;
  children?: ReactNode;
  /** Tells apart the panels of the search and the check tabs, both in the page. */
  testId?: string;
}) {
  const t = useTranslations('research.paper');
  const tSource = useTranslations('research.search.source');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Shown and cited with the gaps an online source filled, each marked with where it came from.
  const { paper, filled } = useCompletedPaper(record);
  const from = (field: GapField) => (filled[field] ? <FilledFrom field={field} source={tSource(filled[field])} /> : null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (paper && !dialog.open) dialog.showModal();
    if (!paper && dialog.open) dialog.close();
  }, [paper]);

  return (
    <dialog
      ref={ref}
      onClose={(event) => {
        // React passes a nested dialog's close (a PDF read from the panel) up the tree: only this one's counts.
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      aria-labelledby={titleId}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-2xl overflow-y-auto border-l border-border bg-card p-0 text-foreground shadow-xl backdrop:bg-black/50"
      data-testid={testId}
    >
      {paper ? (
        <div className="grid gap-6 p-5 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere] sm:text-xl" data-testid="paper-title">
              {paper.title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-mt-1 -mr-1 rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
              aria-label={t('close')}
              data-testid="close-paper"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <IncompleteRecord paper={paper} />
          <dl className="grid gap-3 text-sm">
            <Row label={t('authors')}>
              {paper.authors.length ? paper.authors.map(authorLabel).join(', ') : t('missing')}
              {from('authors')}
            </Row>
            <Row label={t('published')}>
              {[paper.container, paper.issued?.year].filter(Boolean).join(' · ') || t('missing')}
              {from('venue')}
              {from('year')}
            </Row>
            {paper.fields.length ? <Row label={t('fields')}>{paper.fields.join(', ')}</Row> : null}
          </dl>
          {children}
          <CiteBox paper={paper} styles={styles} />
          <section aria-labelledby="paper-abstract" className="grid gap-2">
            <h3 id="paper-abstract" className="font-semibold">
              {t('abstract')}
            </h3>
            <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]" data-testid="paper-abstract">
              {paper.abstract ?? t('noAbstract')}
            </p>
          </section>
          {paperLinks(paper).length ? (
            <section aria-labelledby="paper-links" className="grid gap-2">
              <h3 id="paper-links" className="font-semibold">
                {t('links')}
              </h3>
              <ul className="grid gap-1 text-sm">
                {paperLinks(paper).map((link) => (
                  <li key={link.kind} className="flex min-w-0 items-center gap-2">
                    <span className="w-14 shrink-0 text-muted-foreground">{t(`link.${link.kind}`)}</span>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex min-w-0 items-center gap-1 text-primary underline-offset-4 hover:underline"
                    >
                      <span className="truncate">{link.label}</span>
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

function FilledFrom({ field, source }: { field: GapField; source: string }) {
  const t = useTranslations('research.paper');
  return (
    <span className="ml-2 rounded-md bg-accent px-1.5 py-0.5 text-xs text-accent-foreground" data-testid="filled-from" data-field={field}>
      {t(`filled.${field}`, { source })}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
