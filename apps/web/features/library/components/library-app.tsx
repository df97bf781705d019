'use client';

import { keepPreviousData, QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { inputClasses } from '@/components/ui/input';

import { useErrorText } from '@/hooks/use-error-message';
import { ExportControls } from '@/features/papers/components/export-bar';
import { PaperPanel } from '@/features/papers/components/paper-panel';
import type { StyleOption } from '@/features/papers/types';
import { toast } from '@/hooks/use-toast';
import { LIBRARY_SORTS, type LibrarySort } from '../sorts';
import type { LibraryListing } from '../types';
import { EntryEditor } from './entry-editor';
import { LibraryBulkBar } from './library-bulk-bar';
import { LibraryEntries } from './library-entries';
import { LibraryFindBar } from './library-find-bar';
import { LibraryToolbar } from './library-toolbar';
import { PaperFiles } from './paper-files';
import { openAccessPdfOf } from '@citewise/scholar/paper';
import { useApi } from '@/lib/api/use-api';
import { useLibrarySelection, useLibraryView } from './use-library-prefs';

export function LibraryApp({ styles }: { styles: StyleOption[] }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Library styles={styles} />
    </QueryClientProvider>
  );
}

/**
 * The saved papers: search and sort them (both kept in the address, so a reload or a shared link keeps them), filter
 * by collection or tag, as cards or a compact list, edit one, select some to file or export, import a file.
 */
function Library({ styles }: { styles: StyleOption[] }) {
  const t = useTranslations('library');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [collection, setCollection] = useState<string | undefined>(undefined);
  const [tag, setTag] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useLibrarySelection();
  const [view, setView] = useLibraryView();
  const [openId, setOpenId] = useState<string | null>(null);
  const address = useSearchParams();
  const q = address.get('q')?.trim() ?? '';
  const sort = LIBRARY_SORTS.find((value) => value === address.get('sort')) ?? 'added';

  /** Writes search and sort into the address without a navigation (Next keeps useSearchParams in step). */
  function setAddress(changes: { q?: string; sort?: LibrarySort }) {
    const next = new URLSearchParams(address.toString());
    for (const [name, value] of Object.entries(changes)) {
      if (value && !(name === 'sort' && value === 'added')) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    window.history.replaceState(null, '', search ? `?${search}` : window.location.pathname);
  }

  const listing = useQuery({
    queryKey: ['library', collection ?? null, tag ?? null, q, sort],
    queryFn: () => {
      const query = new URLSearchParams();
      if (collection) query.set('collection', collection);
      if (tag) query.set('tag', tag);
      if (q) query.set('q', q);
      if (sort !== 'added') query.set('sort', sort);
      return api.fetch<LibraryListing>(`/api/library/papers?${query}`);
    },
    placeholderData: keepPreviousData,
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

  function select(id: string, on: boolean) {
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const data = listing.data;
  const entries = data?.entries ?? [];
  const open = entries.find((entry) => entry.id === openId) ?? null;
  const visibleSelected = entries.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const current = data?.collections.find((c) => c.id === collection);

  return (
    <div className="grid gap-4">
      <LibraryToolbar collectionId={collection} />

      {/* Finding (search, order, view) above narrowing and exporting, labels beside their fields: the list starts
          high enough for a dozen compact rows on a laptop screen. */}
      <div className="grid gap-2 rounded-lg border border-border bg-card/60 p-2.5">
        <LibraryFindBar
          query={q}
          sort={sort}
          view={view}
          onQuery={(value) => setAddress({ q: value })}
          onSort={(value) => setAddress({ sort: value })}
          onView={setView}
        />
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-w-0 items-center gap-2 text-sm">
            <span className="whitespace-nowrap text-muted-foreground">{t('filters.collection')}</span>
            <select
              className={`${inputClasses} h-9 w-auto max-w-[14rem]`}
              value={collection ?? ''}
              onChange={(event) => setCollection(event.target.value || undefined)}
              data-testid="filter-collection"
            >
              <option value="">{t('filters.all')}</option>
              {data?.collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('filters.collectionOption', { name: c.name, count: c.paperCount })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 items-center gap-2 text-sm">
            <span className="whitespace-nowrap text-muted-foreground">{t('filters.tag')}</span>
            <select
              className={`${inputClasses} h-9 w-auto max-w-[10rem]`}
              value={tag ?? ''}
              onChange={(event) => setTag(event.target.value || undefined)}
              data-testid="filter-tag"
            >
              <option value="">{t('filters.all')}</option>
              {data?.tags.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          {current ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => removeCollection.mutate(current.id)}
              disabled={removeCollection.isPending}
              data-testid="collection-delete"
            >
              <Trash2 aria-hidden />
              {t('deleteCollection', { name: current.name })}
            </Button>
          ) : null}
          <div className="ml-auto">
            <ExportControls
              count={visibleSelected.length || entries.length}
              styles={styles}
              path="/api/library/export"
              body={() => (visibleSelected.length ? { ids: visibleSelected } : collection || tag || q ? { ids: entries.map((entry) => entry.id) } : {})}
              label={visibleSelected.length ? t('exportSelected', { count: visibleSelected.length }) : t('exportAll')}
            />
          </div>
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
        ) : (
          <LibraryEntries
            entries={entries}
            collections={data?.collections ?? []}
            view={view}
            selected={selected}
            query={q}
            filtered={Boolean(collection || tag)}
            onSelect={select}
            onOpen={setOpenId}
            onClearSearch={() => setAddress({ q: '' })}
          />
        )}
      </section>

      {selected.size > 0 ? (
        <LibraryBulkBar
          selected={selected}
          collections={data?.collections ?? []}
          shown={entries.length}
          onSelectShown={() => setSelected((now) => new Set([...now, ...entries.map((entry) => entry.id)]))}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      <PaperPanel paper={open?.paper ?? null} styles={styles} onClose={() => setOpenId(null)}>
        {open && data ? (
          <>
            <PaperFiles key={`files-${open.id}`} paperId={open.id} openAccessPdf={openAccessPdfOf(open.paper)} />
            <EntryEditor
              key={open.id}
              entry={open}
              collections={data.collections}
              onRemoved={() => {
                // A removed paper leaves the selection too, or the bar would count it.
                select(open.id, false);
                setOpenId(null);
              }}
            />
          </>
        ) : null}
      </PaperPanel>
    </div>
  );
}
