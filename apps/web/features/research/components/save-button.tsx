'use client';

import type { Paper } from '@citewise/scholar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { LibraryEntry } from '@/features/library/types';
import { toast } from '@/hooks/use-toast';
import { Link } from '@/lib/i18n/navigation';
import { apiFetch } from '../client/download';
import { useErrorText } from '../client/use-error-text';

/** Saves the paper to the signed-in user's library, or says it is there already. */
export function SaveButton({ paper }: { paper: Paper }) {
  const t = useTranslations('research.save');
  const locale = useLocale();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const key = ['library-entry', paper.id];
  const saved = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await apiFetch<{ entries: LibraryEntry[] }>(`/api/library/papers?paperId=${encodeURIComponent(paper.id)}`, { locale })).entries[0] ?? null,
  });
  const save = useMutation({
    mutationFn: () => apiFetch<{ entry: LibraryEntry }>('/api/library/papers', { body: { paper }, locale }),
    onSuccess: ({ entry }) => {
      queryClient.setQueryData(key, entry);
      toast({ title: t('saved'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('failed'), description: errorText(error), variant: 'destructive' }),
  });

  if (saved.data) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="saved-state">
        <BookmarkCheck className="size-4 text-success" aria-hidden />
        <span>{t('inLibrary')}</span>
        <Link href="/dashboard/library" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('open')}
        </Link>
      </p>
    );
  }
  return (
    <Button type="button" className="w-fit" onClick={() => save.mutate()} disabled={saved.isPending || save.isPending} data-testid="save-paper">
      <BookmarkPlus aria-hidden />
      {save.isPending ? t('saving') : t('save')}
    </Button>
  );
}
