'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckSquare, FolderInput, MoreHorizontal, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useMenuButton } from '@/components/ui/use-menu-button';
import {
  CollectionTarget,
  collectionChoiceReady,
  NEW_COLLECTION,
  noCollectionChoice,
  resolveCollectionChoice,
  type CollectionChoice,
} from '@/features/papers/components/collection-target';
import { useErrorText } from '@/hooks/use-error-message';
import { toast } from '@/hooks/use-toast';
import { useApi } from '@/lib/api/use-api';
import type { LibraryCollection } from '../types';

const itemClass =
  'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground';

/**
 * What to do with the selected papers, on one row at any width (it stays at the bottom of the screen while the list
 * scrolls): file them into a collection, or a new one named here; select all shown and clear in a menu.
 */
export function LibraryBulkBar({
  selected,
  collections,
  shown,
  onSelectShown,
  onClear,
}: {
  selected: ReadonlySet<string>;
  collections: LibraryCollection[];
  shown: number;
  onSelectShown: () => void;
  onClear: () => void;
}) {
  const t = useTranslations('library.bulk');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { open, close, root, itemRef, buttonProps, menuProps } = useMenuButton();
  const [choice, setChoice] = useState<CollectionChoice>(noCollectionChoice);
  const ready = collectionChoiceReady(choice, true);

  const file = useMutation({
    mutationFn: async () => {
      const collection = await resolveCollectionChoice(api, choice, collections);
      if (!collection) throw new Error('no collection');
      const { added } = await api.fetch<{ added: number }>(`/api/library/collections/${collection.id}/papers`, { body: { ids: [...selected] } });
      return { added, collection };
    },
    onSuccess: async ({ added, collection }) => {
      toast({ title: t('filed', { count: added, collection: collection.name }), variant: 'success' });
      setChoice({ target: collection.id, name: '' });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('fileFailed'), description: errorText(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) file.mutate();
  }

  return (
    <form
      onSubmit={submit}
      className="sticky bottom-3 z-20 flex min-w-0 items-center gap-2 rounded-lg border border-primary/40 bg-card/95 p-2 shadow-md backdrop-blur"
      data-testid="library-bulk-bar"
      aria-label={t('label')}
    >
      <span className="shrink-0 px-1 text-sm font-medium tabular-nums" aria-live="polite" data-testid="bulk-count">
        {t('selected', { count: selected.size })}
      </span>
      <CollectionTarget collections={collections} choice={choice} onChange={setChoice} emptyLabel={t('chooseCollection')} className="flex-1" />
      <Button type="submit" size="sm" className="h-9 shrink-0" disabled={file.isPending || !ready} data-testid="bulk-file">
        <FolderInput aria-hidden />
        <span className="sr-only sm:not-sr-only">{choice.target === NEW_COLLECTION ? t('createAndAdd') : t('add')}</span>
        <span className="sm:hidden" aria-hidden>
          {t('addShort')}
        </span>
      </Button>
      <div ref={root} className="relative shrink-0">
        <Button type="button" size="icon" variant="ghost" className="size-9" {...buttonProps} aria-label={t('more')} data-testid="bulk-more">
          <MoreHorizontal aria-hidden />
        </Button>
        {open ? (
          <div
            {...menuProps}
            aria-label={t('more')}
            className="absolute right-0 bottom-full z-50 mb-2 w-64 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
          >
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              ref={itemRef(0)}
              className={itemClass}
              onClick={() => (onSelectShown(), close())}
              data-testid="bulk-select-shown"
            >
              <CheckSquare className="size-4" aria-hidden />
              {t('selectShown', { count: shown })}
            </button>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              ref={itemRef(1)}
              className={itemClass}
              onClick={() => (onClear(), close())}
              data-testid="bulk-clear"
            >
              <X className="size-4" aria-hidden />
              {t('clear')}
            </button>
          </div>
        ) : null}
      </div>
    </form>
  );
}
