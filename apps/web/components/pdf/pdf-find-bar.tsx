'use client';

import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { KeyboardEvent, RefObject } from 'react';
import { Button } from '@/components/ui/button';

type Props = {
  input: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  /** 1-based; 0 while there is no current match. */
  current: number;
  total: number;
  searching: boolean;
  onStep: (by: 1 | -1) => void;
  onClose: () => void;
};

/** Find in the PDF: Enter goes to the next match, Shift+Enter to the previous one, Escape closes the bar. */
export function PdfFindBar({ input, query, onQuery, current, total, searching, onStep, onClose }: Props) {
  const t = useTranslations('files.viewer');
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onStep(event.shiftKey ? -1 : 1);
    // Escape closes the bar, not the reader around it.
    else if (event.key === 'Escape') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const count = !query.trim() ? '' : total ? t('findCount', { current: current || 1, total }) : searching ? t('findSearching') : t('findNone');

  return (
    <div role="search" className="flex items-center gap-1 border-b border-border px-3 py-1.5 sm:px-4" data-testid="pdf-find">
      <input
        ref={input}
        type="text"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={keys}
        placeholder={t('findPlaceholder')}
        aria-label={t('find')}
        enterKeyHint="search"
        className="h-8 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="pdf-find-input"
      />
      <span className="shrink-0 px-1 text-xs text-muted-foreground tabular-nums" aria-live="polite" data-testid="pdf-find-count">
        {count}
      </span>
      <Button type="button" variant="ghost" size="sm" className="h-8 px-2" onClick={() => onStep(-1)} disabled={!total} aria-label={t('findPrevious')}>
        <ChevronUp aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-8 px-2"
        onClick={() => onStep(1)}
        disabled={!total}
        aria-label={t('findNext')}
        data-testid="pdf-find-next"
      >
        <ChevronDown aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="sm" className="h-8 px-2" onClick={onClose} aria-label={t('findClose')} data-testid="pdf-find-close">
        <X aria-hidden />
      </Button>
    </div>
  );
}
