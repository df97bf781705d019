'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { LoadError } from '@/components/ui/query-state';
import { SearchDialog } from '@/components/ui/search-dialog';

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
  const list = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const library = useQuery({
    queryKey: ['notes-library'],
    queryFn: () => api.fetch<{ papers: CitablePaper[] }>('/api/notes/library'),
    staleTime: 30_000,
  });

  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const papers = library.data?.papers ?? [];
    return papers.filter((paper) => {
      const haystack = `${paper.title} ${paper.authors} ${paper.year ?? ''} ${paper.key}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [library.data, query]);

  /** Arrow keys between the search field (-1) and the papers. */
  function move(event: React.KeyboardEvent, from: number) {
    const to = event.key === 'ArrowDown' ? from + 1 : event.key === 'ArrowUp' ? from - 1 : null;
    if (to === null) return;
    event.preventDefault();
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    if (to < 0) (event.currentTarget.closest('dialog')?.querySelector('input[type="search"]') as HTMLElement | null)?.focus();
    else buttons[Math.min(to, buttons.length - 1)]?.focus();
  }

  return (
    <SearchDialog
      title={mode === 'cite' ? t('citeTitle') : t('linkTitle')}
      closeLabel={t('close')}
      searchLabel={t('searchLabel')}
      searchPlaceholder={t('searchPlaceholder')}
      query={query}
      onQueryChange={setQuery}
      onSearchKeyDown={(event, close) => {
        if (event.key === 'Enter' && matches[0]) {
          event.preventDefault();
          onPick(matches[0]);
          close();
        } else move(event, -1);
      }}
      onClose={onClose}
      testId="citation-picker"
    >
      {(close) =>
        library.isPending ? (
          <p role="status" className="p-2 text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : library.isError ? (
          <LoadError message={`${t('loadFailed')} ${errorText(library.error)}`} retryLabel={t('close')} onRetry={close} />
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
                    close();
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
        )
      }
    </SearchDialog>
  );
}
