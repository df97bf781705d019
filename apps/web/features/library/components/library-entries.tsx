'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useListKeys } from '@/hooks/use-list-keys';
import { Link } from '@/lib/i18n/navigation';
import type { LibraryCollection, LibraryEntry } from '../types';
import { LibraryEntryCard } from './library-entry-card';
import { LibraryEntryRow } from './library-entry-row';
import type { LibraryView } from './use-library-prefs';

/**
 * The papers as cards or as the compact list, j / k (or ↓ / ↑ inside) moving from title to title as on the research
 * page; or why there are none: an empty library, a filter without papers, a search without matches.
 */
export function LibraryEntries({
  entries,
  collections,
  view,
  selected,
  query,
  filtered,
  onSelect,
  onOpen,
  onClearSearch,
}: {
  entries: LibraryEntry[];
  collections: LibraryCollection[];
  view: LibraryView;
  selected: ReadonlySet<string>;
  query: string;
  filtered: boolean;
  onSelect: (id: string, on: boolean) => void;
  onOpen: (id: string) => void;
  onClearSearch: () => void;
}) {
  const t = useTranslations('library');
  const { ref: listRef, onKeyDown } = useListKeys<HTMLUListElement>({ row: '[data-testid="library-entry"]', target: '[data-testid="entry-title"]' });

  if (entries.length === 0) {
    return (
      <div
        className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground"
        data-testid="library-empty"
      >
        {query ? (
          <>
            <p data-testid="library-no-matches">{t('find.noMatches', { query })}</p>
            <Button type="button" size="sm" variant="outline" onClick={onClearSearch} data-testid="library-clear-search">
              {t('find.clear')}
            </Button>
          </>
        ) : (
          <>
            <p>{filtered ? t('emptyFiltered') : t('empty')}</p>
            {filtered ? null : (
              <Link href="/ai/research" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('findPapers')}
              </Link>
            )}
          </>
        )}
      </div>
    );
  }

  return (
    <ul
      ref={listRef}
      onKeyDown={onKeyDown}
      aria-keyshortcuts="j k"
      className={view === 'list' ? 'grid grid-cols-1 overflow-hidden rounded-lg border border-border bg-card' : 'grid grid-cols-1 gap-3'}
      data-testid="library-entries"
      data-view={view}
    >
      {entries.map((entry) =>
        view === 'list' ? (
          <LibraryEntryRow
            key={entry.id}
            entry={entry}
            selected={selected.has(entry.id)}
            onSelect={(on) => onSelect(entry.id, on)}
            onOpen={() => onOpen(entry.id)}
          />
        ) : (
          <LibraryEntryCard
            key={entry.id}
            entry={entry}
            collections={collections}
            selected={selected.has(entry.id)}
            onSelect={(on) => onSelect(entry.id, on)}
            onOpen={() => onOpen(entry.id)}
          />
        ),
      )}
    </ul>
  );
}
