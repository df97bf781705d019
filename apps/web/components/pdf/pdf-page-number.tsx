'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

/**
 * "Page 3 of 12", following the scroll; a click turns it into a number field that goes to the page typed (Enter)
 * and turns back on Escape or leaving it.
 */
export function PdfPageNumber({ page, pages, onGoTo }: { page: number; pages: number; onGoTo: (page: number) => void }) {
  const t = useTranslations('files.viewer');
  const [typing, setTyping] = useState<string | null>(null);
  if (!pages) return <span className="px-1 sm:min-w-20" />;
  if (typing !== null) {
    return (
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={pages}
        value={typing}
        autoFocus
        onChange={(event) => setTyping(event.target.value)}
        onBlur={() => setTyping(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            const target = Number.parseInt(typing, 10);
            if (Number.isFinite(target)) onGoTo(target);
            setTyping(null);
          } else if (event.key === 'Escape') setTyping(null);
          else return;
          event.preventDefault();
          event.stopPropagation();
        }}
        aria-label={t('goToLabel', { pages })}
        className="h-8 w-16 rounded-md border border-input bg-background px-2 text-center text-sm tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="pdf-viewer-goto"
      />
    );
  }
  return (
    <button
      type="button"
      className="h-8 rounded-md px-1.5 text-center text-sm tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:min-w-20"
      onClick={() => setTyping(String(page))}
      title={t('goTo')}
      aria-label={`${t('page', { page, pages })}, ${t('goTo')}`}
      data-testid="pdf-viewer-page"
    >
      {t('page', { page, pages })}
    </button>
  );
}
