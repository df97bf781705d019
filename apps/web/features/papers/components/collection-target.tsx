'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import type { LibraryCollection } from '@/features/library/types';
import type { Api } from '@/lib/api/use-api';

/** The option that turns the list into a name field for a collection made on the spot. */
export const NEW_COLLECTION = 'new';

/** What a person chose: no collection (''), an existing one's id, or a new one with the name they typed. */
export type CollectionChoice = { target: string; name: string };

export const noCollectionChoice: CollectionChoice = { target: '', name: '' };

/** Whether the choice can be acted on: a collection is picked, or a new one has a name. */
export function collectionChoiceReady(choice: CollectionChoice, required: boolean): boolean {
  if (choice.target === NEW_COLLECTION) return choice.name.trim().length > 0;
  return !required || choice.target !== '';
}

/** The collection a choice names, made first when it is a new one; undefined for no collection. */
export async function resolveCollectionChoice(
  api: Api,
  choice: CollectionChoice,
  collections: readonly LibraryCollection[],
): Promise<LibraryCollection | undefined> {
  if (choice.target === NEW_COLLECTION) {
    const made = await api.fetch<{ collection: LibraryCollection }>('/api/library/collections', { body: { name: choice.name.trim() } });
    return made.collection;
  }
  if (!choice.target) return undefined;
  const found = collections.find((collection) => collection.id === choice.target);
  if (!found) throw new Error('The chosen collection is no longer in the list');
  return found;
}

/**
 * Where selected papers go: a list of the library's collections ending in "New collection…", which turns into a
 * field for the new one's name (with a way back to the list). The library's bulk bar and the research page's
 * selection bar share it, so a collection can be made where papers are being filed, on any width.
 */
export function CollectionTarget({
  collections,
  choice,
  onChange,
  emptyLabel,
  className,
}: {
  collections: readonly LibraryCollection[];
  choice: CollectionChoice;
  onChange: (choice: CollectionChoice) => void;
  /** The first option's text: "Add to collection…" where one is required, "No collection" where it is optional. */
  emptyLabel: string;
  className?: string;
}) {
  const t = useTranslations('research.collectionTarget');
  if (choice.target === NEW_COLLECTION) {
    return (
      <div className={`flex min-w-0 items-center gap-1 ${className ?? ''}`}>
        <input
          className={`${inputClasses} h-9 min-w-0 flex-1`}
          value={choice.name}
          onChange={(event) => onChange({ target: NEW_COLLECTION, name: event.target.value })}
          placeholder={t('newName')}
          aria-label={t('newName')}
          maxLength={100}
          autoFocus
          data-testid="bulk-new-collection-name"
        />
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9 shrink-0"
          onClick={() => onChange(noCollectionChoice)}
          aria-label={t('cancelNew')}
          data-testid="bulk-new-collection-cancel"
        >
          <X aria-hidden />
        </Button>
      </div>
    );
  }
  return (
    <label className={`min-w-0 ${className ?? ''}`}>
      <span className="sr-only">{t('label')}</span>
      <select
        className={`${inputClasses} h-9 w-full sm:max-w-[16rem]`}
        value={choice.target}
        onChange={(event) => onChange({ target: event.target.value, name: '' })}
        data-testid="bulk-collection"
      >
        <option value="">{emptyLabel}</option>
        {collections.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
        <option value={NEW_COLLECTION}>{t('newCollection')}</option>
      </select>
    </label>
  );
}
