'use client';

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { LoadError, LoadingCards } from '@/components/ui/query-state';

import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import { toast } from '@/hooks/use-toast';
import { useDebounced } from '@/hooks/use-debounced';
import type { Note, NoteListing } from '../types';
import { NoteEditor } from './note-editor';
import { NoteList } from './note-list';
import { useApi } from '@/lib/api/use-api';

type Props = { styles: StyleOption[]; userId: string; initialNoteId: string | null };

export function NotesApp(props: Props) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Notes {...props} />
    </QueryClientProvider>
  );
}

/** Keeps the open note in the address (`?note=`), so a reload or a shared link opens it again. */
function rememberInUrl(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set('note', id);
  else url.searchParams.delete('note');
  window.history.replaceState(window.history.state, '', url);
}

/** The notes: search and tag filter on the left, the open note on the right (one at a time on a phone). */
function Notes({ styles, userId, initialNoteId }: Props) {
  const t = useTranslations('notes');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(initialNoteId);
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState('');
  const q = useDebounced(query.trim(), 250);

  const listing = useQuery({
    queryKey: ['notes', q, tag],
    queryFn: () => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (tag) search.set('tag', tag);
      return api.fetch<NoteListing>(`/api/notes?${search}`);
    },
  });
  const open = useQuery({
    queryKey: ['note', selectedId],
    queryFn: () => api.fetch<{ note: Note }>(`/api/notes/${selectedId}`),
    enabled: Boolean(selectedId),
    staleTime: Infinity,
  });

  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    rememberInUrl(id);
  }, []);

  const create = useMutation({
    mutationFn: () => api.fetch<{ note: Note }>('/api/notes', { method: 'POST', body: { tags: tag ? [tag] : [] } }),
    onSuccess: async ({ note }) => {
      queryClient.setQueryData(['note', note.id], { note });
      select(note.id);
      await queryClient.invalidateQueries({ queryKey: ['notes'] });
    },
    onError: (error) => toast({ title: t('createFailed'), description: errorText(error), variant: 'destructive' }),
  });

  const saved = useCallback(
    (note: Note) => {
      queryClient.setQueryData(['note', note.id], { note });
      // The list shows the new title and time at once; its order and excerpts follow on the next load.
      queryClient.setQueriesData<NoteListing>({ queryKey: ['notes'] }, (old) =>
        old
          ? {
              ...old,
              notes: old.notes.map((n) =>
                n.id === note.id
                  ? { ...n, title: note.title, tags: note.tags, version: note.version, updatedAt: note.updatedAt, paperCount: note.papers.length }
                  : n,
              ),
            }
          : old,
      );
    },
    [queryClient],
  );

  const notes = listing.data?.notes ?? [];
  const filtered = Boolean(q || tag);

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <section className={`grid content-start gap-3 ${selectedId ? 'max-lg:hidden' : ''}`} aria-label={t('list.label')}>
        <Button type="button" onClick={() => create.mutate()} disabled={create.isPending} data-testid="note-new">
          <Plus aria-hidden />
          {t('new')}
        </Button>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('list.searchLabel')}</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('list.searchPlaceholder')}
            className={inputClasses}
            data-testid="note-search"
          />
        </label>
        {listing.data?.tags.length ? (
          <label className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{t('list.tag')}</span>
            <select value={tag} onChange={(event) => setTag(event.target.value)} className={`${inputClasses} h-9`} data-testid="note-tag-filter">
              <option value="">{t('list.allTags')}</option>
              {listing.data.tags.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {listing.isPending ? (
          <LoadingCards label={t('list.loading')} count={3} className="h-20" />
        ) : listing.isError ? (
          <LoadError message={`${t('list.loadFailed')} ${errorText(listing.error)}`} retryLabel={t('list.retry')} onRetry={() => void listing.refetch()} />
        ) : notes.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground" data-testid="note-list-empty">
            {filtered ? t('list.noMatches') : t('list.empty')}
          </p>
        ) : (
          <NoteList notes={notes} selectedId={selectedId} onSelect={select} />
        )}
      </section>

      <section className={`min-w-0 ${selectedId ? '' : 'max-lg:hidden'}`} aria-label={t('editor.label')}>
        {!selectedId ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">{t('editor.choose')}</p>
        ) : open.isPending ? (
          <LoadingCards label={t('editor.loading')} count={1} className="h-64" />
        ) : open.isError ? (
          <LoadError message={`${t('editor.loadFailed')} ${errorText(open.error)}`} retryLabel={t('list.retry')} onRetry={() => void open.refetch()} />
        ) : (
          <NoteEditor
            key={open.data.note.id}
            note={open.data.note}
            userId={userId}
            styles={styles}
            onSaved={saved}
            onBack={() => {
              select(null);
              void queryClient.invalidateQueries({ queryKey: ['notes'] });
            }}
            onDeleted={() => {
              queryClient.removeQueries({ queryKey: ['note', open.data.note.id] });
              select(null);
              void queryClient.invalidateQueries({ queryKey: ['notes'] });
            }}
          />
        )}
      </section>
    </div>
  );
}
