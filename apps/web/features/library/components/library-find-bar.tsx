'use client';

import { LayoutGrid, List, Search, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/input';
import { useDebounced } from '@/hooks/use-debounced';
import { LIBRARY_SORTS, type LibrarySort } from '../sorts';
import type { LibraryView } from './use-library-prefs';

/**
 * Search the library (as the user types, after a pause), choose the order, and cards or the compact list. `/` focuses
 * the search box, as on the research page.
 */
export function LibraryFindBar({
  query,
  sort,
  view,
  onQuery,
  onSort,
  onView,
}: {
  query: string;
  sort: LibrarySort;
  view: LibraryView;
  onQuery: (query: string) => void;
  onSort: (sort: LibrarySort) => void;
  onView: (view: LibraryView) => void;
}) {
  const t = useTranslations('library.find');
  const [draft, setDraft] = useState(query);
  const settled = useDebounced(draft, 250);
  const input = useRef<HTMLInputElement>(null);

  // The address changed elsewhere (Back, "Clear search"): the box follows it.
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setDraft(query);
  }
  useEffect(() => {
    if (settled.trim() !== query) onQuery(settled.trim());
    // Only a settled draft writes the address; `query` changing is answered by the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== '/' || event.defaultPrevented || !(event.target instanceof HTMLElement) || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName))
        return;
      event.preventDefault();
      input.current?.focus();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const views = [
    { value: 'cards' as const, label: t('cards'), icon: LayoutGrid },
    { value: 'list' as const, label: t('list'), icon: List },
  ];

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="library-find">
      <form role="search" className="relative min-w-0 flex-1 basis-56" onSubmit={(event) => (event.preventDefault(), onQuery(draft.trim()))}>
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          ref={input}
          type="search"
          className={`${inputClasses} h-9 w-full pr-8 pl-8 [&::-webkit-search-cancel-button]:appearance-none`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && draft) {
              event.preventDefault();
              setDraft('');
              onQuery('');
            }
          }}
          placeholder={t('placeholder')}
          aria-label={t('label')}
          aria-keyshortcuts="/"
          maxLength={200}
          data-testid="library-search"
        />
        {draft ? (
          <button
            type="button"
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => (setDraft(''), onQuery(''))}
            aria-label={t('clear')}
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </form>
      <label className="flex items-center gap-2 text-sm">
        <span className="whitespace-nowrap text-muted-foreground">{t('sort')}</span>
        <select
          className={`${inputClasses} h-9 w-auto`}
          value={sort}
          onChange={(event) => onSort(event.target.value as LibrarySort)}
          data-testid="library-sort"
        >
          {LIBRARY_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`sorts.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="inline-flex items-center gap-0.5 rounded-lg border border-border bg-card p-0.5">
        <legend className="sr-only">{t('view')}</legend>
        {views.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            title={label}
            className={`flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring ${
              view === value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground'
            }`}
          >
            <input
              type="radio"
              name="library-view"
              className="sr-only"
              checked={view === value}
              onChange={() => onView(value)}
              data-testid={`library-view-${value}`}
            />
            <Icon className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{label}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
