'use client';

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { inputClasses } from '@/components/ui/input';

import { useErrorText } from '@/hooks/use-error-message';
import { ExportControls } from '@/features/papers/components/export-bar';
import { PaperPanel } from '@/features/papers/components/paper-panel';
import type { StyleOption } from '@/features/papers/types';
import { toast } from '@/hooks/use-toast';
import { Link } from '@/lib/i18n/navigation';
import type { LibraryListing } from '../types';
import { EntryEditor } from './entry-editor';
import { LibraryEntryCard } from './library-entry-card';
import { LibraryToolbar } from './library-toolbar';
import { PaperFiles } from './paper-files';
import { useApi } from '@/lib/api/use-api';

export function LibraryApp({ styles }: { styles: StyleOption[] }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Library styles={styles} />
    </QueryClientProvider>
  );
}

/** The saved papers: filter by collection or tag, edit one, select some to export, import a file. */
function Library({ styles }: { styles: StyleOption[] }) {
  const t = useTranslations('library');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [collection, setCollection] = useState<string | undefined>(undefined);
  const [tag, setTag] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);

  const listing = useQuery({
    queryKey: ['library', collection ?? null, tag ?? null],
    queryFn: () => {
      const query = new URLSearchParams();
      if (collection) query.set('collection', collection);
      if (tag) query.set('tag', tag);
      return api.fetch<LibraryListing>(`/api/library/papers?${query}`);
    },
  });
  const removeCollection = useMutation({
    mutationFn: (id: string) => api.fetch(`/api/library/collections/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setCollection(undefined);
      toast({ title: t('collectionRemoved'), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('collectionRemoveFailed'), description: errorText(error), variant: 'destructive' }),
  });

  const data = listing.data;
  const entries = data?.entries ?? [];
  const open = entries.find((entry) => entry.id === openId) ?? null;
  const visibleSelected = entries.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const current = data?.collections.find((c) => c.id === collection);

  return (
    <div className="grid gap-6">
      <LibraryToolbar collectionId={collection} />

      <div className="flex flex-col gap-3 rounded-lg border border-border bg-card/60 p-3 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('filters.collection')}</span>
          <select className={`${inputClasses} h-9`} value={collection ?? ''} onChange={(event) => setCollection(event.target.value || undefined)} data-testid="filter-collection">
            <option value="">{t('filters.all')}</option>
            {data?.collections.map((c) => (
              <option key={c.id} value={c.id}>
                {t('filters.collectionOption', { name: c.name, count: c.paperCount })}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('filters.tag')}</span>
          <select className={`${inputClasses} h-9`} value={tag ?? ''} onChange={(event) => setTag(event.target.value || undefined)} data-testid="filter-tag">
            <option value="">{t('filters.all')}</option>
            {data?.tags.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {current ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => removeCollection.mutate(current.id)} disabled={removeCollection.isPending} data-testid="collection-delete">
            <Trash2 aria-hidden />
            {t('deleteCollection', { name: current.name })}
          </Button>
        ) : null}
        <div className="sm:ml-auto">
          <ExportControls
            count={visibleSelected.length || entries.length}
            styles={styles}
            path="/api/library/export"
            body={() => (visibleSelected.length ? { ids: visibleSelected } : collection || tag ? { ids: entries.map((entry) => entry.id) } : {})}
            label={visibleSelected.length ? t('exportSelected', { count: visibleSelected.length }) : t('exportAll')}
          />
        </div>
      </div>

      <section aria-labelledby="library-list" aria-busy={listing.isFetching} className="grid gap-3">
        <h2 id="library-list" className="sr-only">
          {t('listTitle')}
        </h2>
        {listing.isPending ? (
          <LoadingCards label={t('loading')} count={2} className="h-20" testId="library-loading" />
        ) : listing.isError ? (
          <LoadError message={errorText(listing.error)} retryLabel={t('retry')} onRetry={() => void listing.refetch()} testId="library-error" />
        ) : entries.length === 0 ? (
          <div className="grid gap-2 rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="library-empty">
            <p>{collection || tag ? t('emptyFiltered') : t('empty')}</p>
            {collection || tag ? null : (
              <Link href="/ai/research" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('findPapers')}
              </Link>
            )}
          </div>
        ) : (
          <ul className="grid gap-3" data-testid="library-entries">
            {entries.map((entry) => (
              <LibraryEntryCard
                key={entry.id}
                entry={entry}
                collections={data?.collections ?? []}
                selected={selected.has(entry.id)}
                onSelect={(on) =>
                  setSelected((now) => {
                    const next = new Set(now);
                    if (on) next.add(entry.id);
                    else next.delete(entry.id);
                    return next;
                  })
                }
                onOpen={() => setOpenId(entry.id)}
              />
            ))}
          </ul>
        )}
      </section>

      <PaperPanel paper={open?.paper ?? null} styles={styles} onClose={() => setOpenId(null)}>
        {open && data ? (
          <>
            <PaperFiles key={`files-${open.id}`} paperId={open.id} />
            <EntryEditor key={open.id} entry={open} collections={data.collections} onRemoved={() => setOpenId(null)} />
          </>
        ) : null}
      </PaperPanel>
    </div>
  );
}
