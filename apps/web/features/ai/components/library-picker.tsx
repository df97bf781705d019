'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import type { Author } from '@citewise/scholar';
import type { LibraryListing } from '@/features/library/types';
import { MAX_LIBRARY_PAPERS } from '../schema';
import type { LibraryChoiceValue } from './library-choice';

/** A name as the paper lists it (the scholar package's rule, without its server code in the browser bundle). */
const authorName = (a: Author) => a.literal ?? [a.given, a.family].filter(Boolean).join(' ');

/**
 * A modal list of the user's collections and papers, filtered as one types (title, authors, year, tags, note). Each
 * is a checkbox: papers add up to MAX_LIBRARY_PAPERS; a collection is chosen alone. Escape, Done or a click outside
 * closes it, and focus returns to the button that opened it (the browser's dialog does this).
 */
export function LibraryPicker({
  listing,
  value,
  onChange,
  onClose,
}: {
  listing: LibraryListing;
  value: LibraryChoiceValue;
  onChange: (value: LibraryChoiceValue) => void;
  onClose: () => void;
}) {
  const t = useTranslations('aiChat.library');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [query, setQuery] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    document.getElementById(`${titleId}-search`)?.focus();
  }, [titleId]);

  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((word) => text.toLocaleLowerCase().includes(word));
  const collections = listing.collections.filter((c) => c.paperCount > 0 && matches(c.name));
  const papers = useMemo(
    () =>
      listing.entries.filter((entry) =>
        matches([entry.paper.title, entry.paper.authors.map(authorName).join(' '), entry.paper.issued?.year ?? '', entry.tags.join(' '), entry.note].join(' ')),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `matches` is derived from `query` alone
    [listing.entries, query],
  );
  const full = value.paperIds.length >= MAX_LIBRARY_PAPERS;

  const togglePaper = (id: string, on: boolean) =>
    onChange({ collectionId: '', paperIds: on ? [...value.paperIds, id] : value.paperIds.filter((p) => p !== id) });
  const toggleCollection = (id: string, on: boolean) => onChange({ paperIds: [], collectionId: on ? id : '' });

  const row = 'flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 hover:bg-muted has-[:focus-visible]:bg-muted';
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
      className="m-auto w-[min(40rem,calc(100vw-1.5rem))] rounded-xl border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
      data-testid="library-picker"
    >
      <div className="grid max-h-[85vh] grid-rows-[auto_auto_1fr_auto] gap-3 p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('dialogTitle')}
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
            placeholder={t('searchPlaceholder')}
            className={inputClasses}
            data-testid="library-picker-search"
          />
        </label>
        <div className="min-h-0 space-y-4 overflow-y-auto">
          {listing.entries.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground" data-testid="library-picker-empty">
              {t('empty')}
            </p>
          ) : collections.length === 0 && papers.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">{t('noMatches')}</p>
          ) : null}
          {collections.length > 0 && (
            <fieldset>
              <legend className="px-1 text-sm font-medium">{t('collections')}</legend>
              <p className="px-1 text-xs text-muted-foreground">{t('collectionReplaces')}</p>
              <ul className="mt-1 grid gap-1">
                {collections.map((c) => (
                  <li key={c.id}>
                    <label className={row} data-testid="library-picker-collection">
                      <input
                        type="checkbox"
                        className="mt-1 size-4"
                        checked={value.collectionId === c.id}
                        onChange={(e) => toggleCollection(c.id, e.target.checked)}
                      />
                      <span className="grid min-w-0">
                        <span className="break-words font-medium">{c.name}</span>
                        <span className="text-xs text-muted-foreground">{t('paperCount', { count: c.paperCount })}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {papers.length > 0 && (
            <fieldset>
              <legend className="px-1 text-sm font-medium">{t('papers')}</legend>
              {full && <p className="px-1 text-xs text-muted-foreground">{t('limit', { max: MAX_LIBRARY_PAPERS })}</p>}
              <ul className="mt-1 grid gap-1">
                {papers.slice(0, 200).map((entry) => {
                  const checked = value.paperIds.includes(entry.id);
                  const authors = entry.paper.authors.slice(0, 3).map(authorName).join(', ');
                  return (
                    <li key={entry.id}>
                      <label className={row} data-testid="library-picker-paper">
                        <input
                          type="checkbox"
                          className="mt-1 size-4"
                          checked={checked}
                          disabled={!checked && full}
                          onChange={(e) => togglePaper(entry.id, e.target.checked)}
                        />
                        <span className="grid min-w-0">
                          <span className="break-words font-medium">{entry.paper.title}</span>
                          <span className="text-xs text-muted-foreground">{[authors, entry.paper.issued?.year].filter(Boolean).join(' · ')}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
        </div>
        <div className="flex items-center justify-between gap-3 border-t pt-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {value.collectionId
              ? t('collectionChip', { name: listing.collections.find((c) => c.id === value.collectionId)?.name ?? '' })
              : t('picked', { count: value.paperIds.length })}
          </p>
          <Button type="button" onClick={() => dialog.current?.close()} data-testid="library-picker-done">
            {t('done')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
