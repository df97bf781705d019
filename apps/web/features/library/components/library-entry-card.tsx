'use client';

import { useTranslations } from 'next-intl';
import { IncompleteRecord } from '@/features/papers/components/incomplete-record';
import { authorsLine } from '@/features/papers/components/paper-meta';
import type { LibraryCollection, LibraryEntry } from '../types';
import { VerdictBadge } from '@/features/papers/components/verdict-badge';

/** One saved paper in the list: select it, open it, its verdict, whether its record is complete, note and tags. */
export function LibraryEntryCard({
  entry,
  collections,
  selected,
  onSelect,
  onOpen,
}: {
  entry: LibraryEntry;
  collections: LibraryCollection[];
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  const t = useTranslations('library');
  return (
    <li className="flex gap-3 rounded-xl border border-border bg-card p-4" data-testid="library-entry">
      <input
        type="checkbox"
        className="mt-1.5 size-4 shrink-0 accent-[var(--primary)]"
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('select', { title: entry.paper.title })}
        data-testid="select-entry"
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 className="font-semibold [overflow-wrap:anywhere]">
          <button type="button" className="text-left text-primary underline-offset-4 hover:underline" onClick={onOpen} data-testid="entry-title">
            {entry.paper.title}
          </button>
        </h3>
        {entry.paper.authors.length ? (
          <p className="text-sm [overflow-wrap:anywhere]">{authorsLine(entry.paper, entry.paper.language === 'zh' ? '等' : 'et al.')}</p>
        ) : null}
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {[entry.paper.issued?.year, entry.paper.container].filter(Boolean).join(' · ')}
        </p>
        <VerdictBadge entry={entry} />
        <IncompleteRecord paper={entry.paper} />
        {entry.note ? (
          <p className="line-clamp-2 text-sm [overflow-wrap:anywhere]" data-testid="entry-note-preview">
            {entry.note}
          </p>
        ) : null}
        {entry.tags.length || entry.collectionIds.length ? (
          <div className="flex flex-wrap gap-1.5 text-xs">
            {entry.collectionIds.map((id) => (
              <span key={id} className="rounded-md border border-border px-1.5 py-0.5">
                {collections.find((c) => c.id === id)?.name}
              </span>
            ))}
            {entry.tags.map((name) => (
              <span key={name} className="rounded-md bg-accent px-1.5 py-0.5 text-accent-foreground" data-testid="entry-tag">
                #{name}
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}
