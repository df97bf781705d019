'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';

import { useErrorText } from '@/hooks/use-error-message';
import { toast } from '@/hooks/use-toast';
import type { LibraryCollection, LibraryEntry } from '../types';
import { useApi } from '@/lib/api/use-api';
import { parseTags } from '@/lib/tags';

/** The note, tags and collections of one saved paper, and its removal. */
export function EntryEditor({ entry, collections, onRemoved }: { entry: LibraryEntry; collections: LibraryCollection[]; onRemoved: () => void }) {
  const t = useTranslations('library.entry');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const id = useId();
  const [note, setNote] = useState(entry.note);
  const [tags, setTags] = useState(entry.tags.join(', '));
  const [inCollections, setInCollections] = useState(new Set(entry.collectionIds));

  const save = useMutation({
    mutationFn: () =>
      api.fetch<{ entry: LibraryEntry }>(`/api/library/papers/${entry.id}`, {
        method: 'PATCH',
        body: { note, tags: parseTags(tags), collectionIds: [...inCollections] },
      }),
    onSuccess: () => {
      toast({ title: t('saved'), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('saveFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: () => api.fetch(`/api/library/papers/${entry.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast({ title: t('removed'), variant: 'success' });
      onRemoved();
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('removeFailed'), description: errorText(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-border bg-background/60 p-4" data-testid="entry-editor">
      <label className="grid gap-1.5 text-sm">
        <span className="font-medium">{t('note')}</span>
        <textarea
          className={`${inputClasses} h-auto min-h-28`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={20_000}
          data-testid="entry-note"
        />
      </label>
      <label className="grid gap-1.5 text-sm">
        <span className="font-medium">{t('tags')}</span>
        <input
          className={inputClasses}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          aria-describedby={`${id}-tags`}
          data-testid="entry-tags"
        />
        <span id={`${id}-tags`} className="text-xs text-muted-foreground">
          {t('tagsHint')}
        </span>
      </label>
      {collections.length ? (
        <fieldset className="grid gap-1.5 text-sm">
          <legend className="mb-1 font-medium">{t('collections')}</legend>
          {collections.map((collection) => (
            <label key={collection.id} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-[var(--primary)]"
                checked={inCollections.has(collection.id)}
                onChange={(event) =>
                  setInCollections((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(collection.id);
                    else next.delete(collection.id);
                    return next;
                  })
                }
                data-testid="entry-collection"
              />
              <span className="[overflow-wrap:anywhere]">{collection.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="submit" disabled={save.isPending} data-testid="entry-save">
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <Button type="button" variant="outline" onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="entry-remove">
          <Trash2 aria-hidden />
          {t('remove')}
        </Button>
      </div>
    </form>
  );
}
