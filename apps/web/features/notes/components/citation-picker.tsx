'use client';

import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/input';
import { LoadError } from '@/components/ui/query-state';

import { useErrorText } from '@/hooks/use-error-message';
import type { CitablePaper } from '../types';
import { useApi } from '@/lib/api/use-api';

export type PickerMode = 'cite' | 'link';

/**
 * A modal list of the library's papers, filtered as one types (title, authors, year, cite key). Enter or a
 * click picks one; Escape closes. Arrow keys move between the search field and the papers.
 */
export function CitationPicker({
  mode,
  linkedIds,
  onPick,
  onClose,
}: {
  mode: PickerMode;
  linkedIds: string[];
  onPick: (paper: CitablePaper) => void;
  onClose: () => void;
}) {
  const t = useTranslations('notes.picker');
  const api = useApi();
  const errorText = useErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const [query, setQuery] = useState('');
  const library = useQuery({
    queryKey: ['notes-library'],
    queryFn: () => api.fetch<{ papers: CitablePaper[] }>('/api/notes/library'),
    staleTime: 30_000,
  });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal() focuses the first focusable element (the close button); typing should go to the search.
    document.getElementById(`${titleId}-search`)?.focus();
  }, [titleId]);

  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const papers = library.data?.papers ?? [];
    return papers.filter((paper) => {
      const haystack = `${paper.title} ${paper.authors} ${paper.year ?? ''} ${paper.key}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [library.data, query]);

  function move(event: React.KeyboardEvent, from: number) {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const to = event.key === 'ArrowDown' ? from + 1 : event.key === 'ArrowUp' ? from - 1 : null;
    if (to === null) return;
    event.preventDefault();
    if (to < 0) document.getElementById(`${titleId}-search`)?.focus();
    else buttons[Math.min(to, buttons.length - 1)]?.focus();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
      className="m-auto w-[min(40rem,calc(100vw-1.5rem))] rounded-xl border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
      data-testid="citation-picker"
    >
      <div className="grid max-h-[80vh] grid-rows-[auto_auto_1fr] gap-3 p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {mode === 'cite' ? t('citeTitle') : t('linkTitle')}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-md p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={t('close')}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('searchLabel')}</span>
          <input
            id={`${titleId}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && matches[0]) {
                event.preventDefault();
                onPick(matches[0]);
                dialog.current?.close();
              } else move(event, -1);
            }}
            placeholder={t('searchPlaceholder')}
            className={inputClasses}
            data-testid="citation-picker-search"
          />
        </label>
        <div className="min-h-0 overflow-y-auto">
          {library.isPending ? (
            <p role="status" className="p-2 text-sm text-muted-foreground">
              {t('loading')}
            </p>
          ) : library.isError ? (
            <LoadError message={`${t('loadFailed')} ${errorText(library.error)}`} retryLabel={t('close')} onRetry={() => dialog.current?.close()} />
          ) : library.data.papers.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground" data-testid="citation-picker-empty">
              {t('empty')}
            </p>
          ) : matches.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">{t('noMatches')}</p>
          ) : (
            <ul ref={list} className="grid gap-1">
              {matches.slice(0, 100).map((paper, index) => (
                <li key={paper.libraryPaperId}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(paper);
                      dialog.current?.close();
                    }}
                    onKeyDown={(event) => move(event, index)}
                    className="grid w-full gap-0.5 rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    data-testid="citation-picker-paper"
                  >
                    <span className="font-medium">{paper.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {[paper.authors, paper.year].filter(Boolean).join(' · ')} · <code>@{paper.key}</code>
                      {linkedIds.includes(paper.libraryPaperId) ? ` · ${t('linked')}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}
