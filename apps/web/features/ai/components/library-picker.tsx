'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchDialog } from '@/components/ui/search-dialog';
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
  const [query, setQuery] = useState('');

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
    <SearchDialog
      title={t('dialogTitle')}
      closeLabel={t('close')}
      searchLabel={t('searchLabel')}
      searchPlaceholder={t('searchPlaceholder')}
      query={query}
      onQueryChange={setQuery}
      onClose={onClose}
      testId="library-picker"
      footer={(close) => (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {value.collectionId
              ? t('collectionChip', { name: listing.collections.find((c) => c.id === value.collectionId)?.name ?? '' })
              : t('picked', { count: value.paperIds.length })}
          </p>
          <Button type="button" onClick={close} data-testid="library-picker-done">
            {t('done')}
          </Button>
        </>
      )}
    >
      {() => (
        <>
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
        </>
      )}
    </SearchDialog>
  );
}
