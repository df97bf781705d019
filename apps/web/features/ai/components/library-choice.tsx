'use client';

import { Library, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLibraryListing } from '../hooks/use-library-collections';
import { LibraryPicker } from './library-picker';

/** The chat inputs that hold the choice: paper ids separated by commas, or one collection id. */
export const LIBRARY_VARIABLES = ['library_papers', 'library_collection'] as const;
export type LibraryChoiceValue = { paperIds: string[]; collectionId: string };

export const choiceOf = (values: Record<string, string>): LibraryChoiceValue => ({
  paperIds: (values.library_papers ?? '').split(',').filter(Boolean),
  collectionId: values.library_collection ?? '',
});

/**
 * Papers or a collection of the user's library for a chat, shown as chips that can be removed, and chosen in a
 * dialog. Once the conversation started (`locked`), the chips stay as a record of what it is about: a reopened
 * conversation shows them again, named from the library (or as gone, when a paper was removed since).
 */
export function LibraryChoice({
  values,
  locked,
  onChange,
}: {
  values: Record<string, string>;
  locked: boolean;
  onChange: (change: Record<string, string>) => void;
}) {
  const t = useTranslations('aiChat.library');
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const listing = useLibraryListing();
  const value = choiceOf(values);
  const set = (next: LibraryChoiceValue) => onChange({ library_papers: next.paperIds.join(','), library_collection: next.collectionId });

  const chips: Array<{ key: string; label: string; remove: () => void }> = [];
  if (value.collectionId) {
    const collection = listing.data?.collections.find((c) => c.id === value.collectionId);
    const label = collection
      ? `${t('collectionChip', { name: collection.name })} · ${t('paperCount', { count: collection.paperCount })}`
      : listing.data
        ? t('missingCollection')
        : '…';
    chips.push({ key: value.collectionId, label, remove: () => set({ paperIds: [], collectionId: '' }) });
  }
  for (const id of value.paperIds) {
    const entry = listing.data?.entries.find((e) => e.id === id);
    const label = entry ? entry.paper.title : listing.data ? t('missingPaper') : '…';
    chips.push({ key: id, label, remove: () => set({ ...value, paperIds: value.paperIds.filter((p) => p !== id) }) });
  }

  return (
    <div className="space-y-2" data-testid="library-choice">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="text-sm">{t('legend')}</p>
          {!locked && <p className="text-xs text-muted-foreground">{t('hint')}</p>}
        </div>
        {!locked && (
          <Button ref={opener} type="button" size="sm" variant="outline" onClick={() => setOpen(true)} disabled={!listing.data} data-testid="library-choose">
            <Library aria-hidden className="size-4" />
            {chips.length ? t('change') : t('choose')}
          </Button>
        )}
      </div>
      {listing.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('loadFailed')}
        </p>
      )}
      {listing.isPending && value.paperIds.length + (value.collectionId ? 1 : 0) === 0 && !locked && (
        <p role="status" className="text-xs text-muted-foreground">
          {t('loading')}
        </p>
      )}
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('legend')}>
          {chips.map((chip) => (
            <li
              key={chip.key}
              className="flex min-w-0 max-w-full items-center gap-1 rounded-full border bg-muted/60 py-1 pl-3 pr-1 text-sm"
              data-testid="library-chip"
            >
              <span className="min-w-0 truncate" title={chip.label}>
                {chip.label}
              </span>
              {!locked && (
                <button
                  type="button"
                  onClick={() => {
                    chip.remove();
                    opener.current?.focus();
                  }}
                  className="rounded-full p-1 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={t('remove', { title: chip.label })}
                  data-testid="library-chip-remove"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && listing.data && (
        <LibraryPicker
          listing={listing.data}
          value={value}
          onChange={set}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}
