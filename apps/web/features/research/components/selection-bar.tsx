'use client';

import type { Paper } from '@citewise/scholar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, ClipboardCopy, MoreHorizontal, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { LibraryCollection, LibraryEntry } from '@/features/library/types';
import { MAX_PAPERS_AT_ONCE } from '@/features/papers/limits';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api/client';

import { formattedReferences } from '../client/formatted-references';
import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import { CitationStyleSelect } from '@/features/papers/components/citation-style-select';
import {
  CollectionTarget,
  collectionChoiceReady,
  noCollectionChoice,
  resolveCollectionChoice,
  type CollectionChoice,
} from '@/features/papers/components/collection-target';
import { ExportControls } from '@/features/papers/components/export-bar';
import { savedStateKey, type SavedState } from '@/features/papers/components/save-button';
import { useApi } from '@/lib/api/use-api';

/**
 * What can be done with the selected results at once: save them to the library (into a collection, or a new one
 * named here), copy their references in a citation style, or export them as a file. It stays at the bottom of the
 * screen while the results scroll; on a phone it is one row (count, collection, Save, more) and copying, exporting
 * and clearing open under it on demand.
 */
export function SelectionBar({ selected, styles, onClear }: { selected: ReadonlyMap<string, Paper>; styles: StyleOption[]; onClear: () => void }) {
  const t = useTranslations('research.results');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const moreId = useId();
  const [choice, setChoice] = useState<CollectionChoice>(noCollectionChoice);
  const [moreOpen, setMoreOpen] = useState(false);
  const [style, setStyle] = useState(locale === 'zh' ? 'gb-t-7714-2015-numeric' : 'apa');
  const papers = [...selected.values()];
  const collections = useQuery({
    queryKey: ['library-collections'],
    queryFn: ({ signal }) => api.fetch<{ collections: LibraryCollection[] }>('/api/library/collections', { signal }),
  });
  const known = collections.data?.collections ?? [];
  const ready = collectionChoiceReady(choice, false);

  const save = useMutation({
    mutationFn: async () => {
      const collection = await resolveCollectionChoice(api, choice, known);
      // One request takes MAX_PAPERS_AT_ONCE; a selection over several pages goes in turns.
      const saved: LibraryEntry[] = [];
      for (let start = 0; start < papers.length; start += MAX_PAPERS_AT_ONCE) {
        const chunk = papers.slice(start, start + MAX_PAPERS_AT_ONCE);
        const { entries } = await api.fetch<{ entries: LibraryEntry[] }>('/api/library/papers/bulk', { body: { papers: chunk, collectionId: collection?.id } });
        saved.push(...entries);
      }
      return { entries: saved, collection };
    },
    onSuccess: ({ entries, collection }) => {
      for (const entry of entries) queryClient.setQueryData(savedStateKey(entry.paperId), { id: entry.id } satisfies SavedState);
      void queryClient.invalidateQueries({ queryKey: ['library-collections'] });
      if (collection) setChoice({ target: collection.id, name: '' });
      toast({
        title: collection ? t('savedManyInto', { count: entries.length, collection: collection.name }) : t('savedMany', { count: entries.length }),
        variant: 'success',
      });
    },
    onError: (error) => toast({ title: t('saveManyFailed'), description: errorText(error), variant: 'destructive' }),
  });

  const copy = useMutation({
    mutationFn: async () => navigator.clipboard.writeText(await formattedReferences(papers, style, api)),
    onSuccess: () => toast({ title: t('copiedMany', { count: papers.length }), variant: 'success' }),
    onError: (error) => toast({ title: t('copyManyFailed'), description: error instanceof ApiError ? errorText(error) : undefined, variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready && !save.isPending) save.mutate();
  }

  return (
    <div
      role="region"
      aria-label={t('selectionLabel')}
      className="sticky bottom-3 z-20 grid min-w-0 gap-2 rounded-lg border border-primary/40 bg-card/95 p-2 shadow-md backdrop-blur"
      data-testid="selection-bar"
    >
      <form onSubmit={submit} className="flex min-w-0 items-center gap-1.5 sm:gap-2">
        <span className="shrink-0 px-1 text-sm font-medium tabular-nums" aria-live="polite" data-testid="selection-count">
          <span className="hidden sm:inline">{t('selected', { count: selected.size })}</span>
          <span className="sm:hidden">{t('selectedShort', { count: selected.size })}</span>
        </span>
        <CollectionTarget collections={known} choice={choice} onChange={setChoice} emptyLabel={t('noCollection')} className="flex-1" />
        <Button
          type="submit"
          size="sm"
          className="h-9 shrink-0 max-sm:w-9 max-sm:px-0"
          disabled={save.isPending || !ready}
          title={t('saveMany')}
          data-testid="bulk-save"
        >
          <BookmarkPlus aria-hidden />
          {/* On a phone the icon alone, so the collection's name has room; its name stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">{save.isPending ? t('savingMany') : t('saveMany')}</span>
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9 shrink-0 sm:hidden"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          aria-label={t('copyAndExport')}
          onClick={() => setMoreOpen((open) => !open)}
          data-testid="selection-more"
        >
          <MoreHorizontal aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9 shrink-0 max-sm:hidden"
          onClick={onClear}
          aria-label={t('clear')}
          data-testid="selection-clear"
        >
          <X aria-hidden />
        </Button>
      </form>
      <div id={moreId} className={`${moreOpen ? 'flex' : 'hidden'} flex-wrap items-center gap-x-4 gap-y-2 sm:flex`} data-testid="selection-actions">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <label className="min-w-0">
            <span className="sr-only">{t('copyStyle')}</span>
            <CitationStyleSelect styles={styles} value={style} onChange={setStyle} className="h-9 max-w-[14rem]" testId="bulk-copy-style" />
          </label>
          <Button type="button" size="sm" variant="outline" onClick={() => copy.mutate()} disabled={copy.isPending} data-testid="bulk-copy">
            <ClipboardCopy aria-hidden />
            {t('copyMany')}
          </Button>
        </div>
        <ExportControls count={selected.size} styles={styles} path="/api/scholar/export" body={() => ({ papers })} label={t('export')} />
        <Button type="button" size="sm" variant="ghost" className="sm:hidden" onClick={onClear} data-testid="selection-clear-phone">
          <X aria-hidden />
          {t('clear')}
        </Button>
      </div>
    </div>
  );
}
