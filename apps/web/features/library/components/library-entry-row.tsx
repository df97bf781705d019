'use client';

import { clsx } from 'clsx';
import { CircleDashed } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { authorsLine } from '@/features/papers/components/paper-meta';
import { verdictLook } from '@/features/papers/components/verdict-look';
import type { LibraryEntry } from '../types';

const look = { ...verdictLook, none: { icon: CircleDashed, className: 'border-border text-muted-foreground' } } as const;

/**
 * One saved paper on one line of the compact list: select, title (opens it), first authors, year and the verdict as
 * an icon with its name for screen readers and on hover. Tags and the note stay in the cards and the open paper.
 */
export function LibraryEntryRow({
  entry,
  selected,
  onSelect,
  onOpen,
}: {
  entry: LibraryEntry;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  const t = useTranslations('library');
  const status = entry.verification?.status ?? 'none';
  const Icon = look[status].icon;
  const verdict = t(`verdict.status.${status}`);
  return (
    <li
      className={clsx(
        'flex h-8 min-w-0 items-center gap-2.5 border-b border-border px-2 text-sm last:border-b-0',
        selected ? 'bg-primary/10' : 'hover:bg-accent/50',
      )}
      data-testid="library-entry"
    >
      <input
        type="checkbox"
        className="size-4 shrink-0 accent-[var(--primary)]"
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('select', { title: entry.paper.title })}
        data-testid="select-entry"
      />
      <span title={verdict} className={clsx('shrink-0', look[status].className)}>
        <Icon className="size-4" aria-hidden />
        <span className="sr-only">{verdict}</span>
      </span>
      <button
        type="button"
        className="min-w-0 flex-1 truncate rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={onOpen}
        title={entry.paper.title}
        data-testid="entry-title"
      >
        {entry.paper.title}
      </button>
      {entry.paper.authors.length ? (
        <span className="hidden w-44 shrink-0 truncate text-muted-foreground md:inline" data-testid="entry-authors">
          {authorsLine(entry.paper, entry.paper.language === 'zh' ? '等' : 'et al.')}
        </span>
      ) : (
        <span className="hidden w-44 shrink-0 md:inline" />
      )}
      <span className="w-10 shrink-0 text-right text-muted-foreground tabular-nums" data-testid="entry-year">
        {entry.paper.issued?.year ?? ''}
      </span>
    </li>
  );
}
