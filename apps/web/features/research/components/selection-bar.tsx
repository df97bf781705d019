'use client';

import type { Paper } from '@citewise/scholar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, ClipboardCopy } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import type { LibraryCollection, LibraryEntry } from '@/features/library/types';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api/client';

import { formattedReferences } from '../client/formatted-references';
import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import { CitationStyleSelect } from '@/features/papers/components/citation-style-select';
import { ExportControls } from '@/features/papers/components/export-bar';
import { savedStateKey, type SavedState } from '@/features/papers/components/save-button';
import { useApi } from '@/lib/api/use-api';

/**
 * What can be done with the selected results at once: save them to the library (into a collection), copy their
 * references in a citation style, or export them as a file.
 */
export function SelectionBar({ selected, styles, onClear }: { selected: ReadonlyMap<string, Paper>; styles: StyleOption[]; onClear: () => void }) {
  const t = useTranslations('research.results');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [collectionId, setCollectionId] = useState('');
  const [style, setStyle] = useState(locale === 'zh' ? 'gb-t-7714-2015-numeric' : 'apa');
  const papers = [...selected.values()];
  const collections = useQuery({
    queryKey: ['library-collections'],
    queryFn: ({ signal }) => api.fetch<{ collections: LibraryCollection[] }>('/api/library/collections', { signal }),
  });

  const save = useMutation({
    mutationFn: () => api.fetch<{ entries: LibraryEntry[] }>('/api/library/papers/bulk', { body: { papers, collectionId: collectionId || undefined } }),
    onSuccess: ({ entries }) => {
      for (const entry of entries) queryClient.setQueryData(savedStateKey(entry.paperId), { id: entry.id } satisfies SavedState);
      void queryClient.invalidateQueries({ queryKey: ['library-collections'] });
      const collection = collections.data?.collections.find((c) => c.id === collectionId);
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

  return (
    <div className="sticky top-16 z-20 grid gap-2 rounded-lg border border-primary/40 bg-card/95 p-3 shadow-sm backdrop-blur" data-testid="selection-bar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium" aria-live="polite">
          {t('selected', { count: selected.size })}
        </span>
        <Button type="button" size="sm" variant="ghost" onClick={onClear}>
          {t('clear')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <label>
            <span className="sr-only">{t('collection')}</span>
            <select
              className={`${inputClasses} h-9 w-auto max-w-[12rem]`}
              value={collectionId}
              onChange={(event) => setCollectionId(event.target.value)}
              data-testid="bulk-collection"
            >
              <option value="">{t('noCollection')}</option>
              {collections.data?.collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.name}
                </option>
              ))}
            </select>
          </label>
          <Button type="button" size="sm" onClick={() => save.mutate()} disabled={save.isPending} data-testid="bulk-save">
            <BookmarkPlus aria-hidden />
            {save.isPending ? t('savingMany') : t('saveMany')}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label>
            <span className="sr-only">{t('copyStyle')}</span>
            <CitationStyleSelect styles={styles} value={style} onChange={setStyle} className="h-9 max-w-[14rem]" testId="bulk-copy-style" />
          </label>
          <Button type="button" size="sm" variant="outline" onClick={() => copy.mutate()} disabled={copy.isPending} data-testid="bulk-copy">
            <ClipboardCopy aria-hidden />
            {t('copyMany')}
          </Button>
        </div>
        <ExportControls count={selected.size} styles={styles} path="/api/scholar/export" body={() => ({ papers })} label={t('export')} />
      </div>
    </div>
  );
}
