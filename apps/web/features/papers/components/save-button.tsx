'use client';

import type { Paper } from '@citewise/scholar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { LibraryEntry } from '@/features/library/types';
import { toast } from '@/hooks/use-toast';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';

import { useErrorText } from '@/hooks/use-error-message';
import { useApi } from '@/lib/api/use-api';

/** What the page knows of a paper's library entry: its id when saved, null when not. */
export type SavedState = { id: string } | null;

/** The cache key of a paper's saved state, shared by every save button and by a page's batch lookup. */
export const savedStateKey = (paperId: string) => ['library-entry', paperId];

/**
 * Saves the paper to the signed-in user's library, or says it is there already. On a result row (`compact`) the
 * state comes from the page's one lookup of all its papers (`batched`); after a save, focus moves to the link that
 * replaced the button, so a keyboard user is not dropped at the top of the page.
 */
export function SaveButton({ paper, compact = false, batch }: { paper: Paper; compact?: boolean; batch?: { answered: boolean } }) {
  const t = useTranslations('research.save');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const key = savedStateKey(paper.id);
  const replacement = useRef<HTMLAnchorElement>(null);
  const focusAfterSave = useRef(false);
  const saved = useQuery<SavedState>({
    queryKey: key,
    queryFn: async () => {
      const { entries } = await api.fetch<{ entries: LibraryEntry[] }>(`/api/library/papers?paperId=${encodeURIComponent(paper.id)}`);
      return entries[0] ? { id: entries[0].id } : null;
    },
    // A row's state comes from its page's lookup (use-saved-on-page.ts): no request of its own.
    enabled: !batch,
  });
  const save = useMutation({
    mutationFn: () => api.fetch<{ entry: LibraryEntry }>('/api/library/papers', { body: { paper } }),
    onSuccess: ({ entry }) => {
      focusAfterSave.current = true;
      queryClient.setQueryData(key, { id: entry.id } satisfies SavedState);
      toast({ title: t('saved'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('failed'), description: errorText(error), variant: 'destructive' }),
  });

  useEffect(() => {
    if (saved.data && focusAfterSave.current) {
      focusAfterSave.current = false;
      replacement.current?.focus();
    }
  }, [saved.data]);

  if (saved.data && compact) {
    return (
      <Link
        ref={replacement}
        href="/dashboard/library"
        className="inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-success underline-offset-4 hover:underline sm:h-6"
        aria-label={t('inLibraryTitled', { title: paper.title })}
        data-testid="saved-state"
      >
        <BookmarkCheck className="size-3.5" aria-hidden />
        {t('inLibraryShort')}
      </Link>
    );
  }
  if (saved.data) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="saved-state">
        <BookmarkCheck className="size-4 text-success" aria-hidden />
        <span>{t('inLibrary')}</span>
        <Link ref={replacement} href="/dashboard/library" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('open')}
        </Link>
      </p>
    );
  }
  return (
    <Button
      type="button"
      size={compact ? 'sm' : 'default'}
      variant={compact ? 'outline' : 'default'}
      className={cn('w-fit', compact && 'h-7 px-2 text-xs sm:h-6')}
      onClick={() => save.mutate()}
      disabled={(batch ? !batch.answered : saved.isPending) || save.isPending}
      aria-label={compact ? t('saveTitled', { title: paper.title }) : undefined}
      data-testid="save-paper"
    >
      <BookmarkPlus aria-hidden />
      {save.isPending ? t('saving') : t('save')}
    </Button>
  );
}
