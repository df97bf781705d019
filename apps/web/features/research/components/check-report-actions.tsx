'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, ClipboardCopy, Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { LibraryEntry } from '@/features/library/types';
import { toast } from '@/hooks/use-toast';
import { checkReportCsv, correctedPapers, foundEntries, savablePapers } from '../client/check-report';
import { ApiError } from '@/lib/api/client';

import { saveTextFile } from '@/lib/api/download';

import { formattedReferences } from '../client/formatted-references';
import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import type { CheckedReference } from '../server/checked-reference-type';
import { CitationStyleSelect } from '@/features/papers/components/citation-style-select';
import { savedStateKey, type SavedState } from '@/features/papers/components/save-button';
import { useApi } from '@/lib/api/use-api';

/**
 * What to do with a finished check: copy the corrected list (each found reference as its records correct it, in the
 * chosen style, fields no record holds kept as written), save the found papers nothing contradicts to the library
 * (each checked again there), or download the report as a spreadsheet.
 */
export function CheckReportActions({
  entries,
  styles,
  style,
  onStyle,
}: {
  entries: CheckedReference[];
  styles: StyleOption[];
  style: string;
  onStyle: (style: string) => void;
}) {
  const t = useTranslations('research.check');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const corrected = correctedPapers(entries);
  const unconfirmed = foundEntries(entries).filter((entry) => entry.unconfirmed.length).length;
  const savable = savablePapers(entries);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: error instanceof ApiError ? errorText(error) : undefined, variant: 'destructive' });

  const copyList = useMutation({
    mutationFn: async () => {
      await navigator.clipboard.writeText(await formattedReferences(corrected, style, api));
    },
    onSuccess: () =>
      toast({
        title: t('copiedList', { count: corrected.length }),
        description:
          [
            corrected.length < entries.length ? t('copiedListLeftOut', { count: entries.length - corrected.length }) : null,
            unconfirmed ? t('copiedListUnconfirmed', { count: unconfirmed }) : null,
          ]
            .filter(Boolean)
            .join(' ') || undefined,
        variant: unconfirmed ? 'default' : 'success',
      }),
    onError: failed(t('copyFailed')),
  });

  const save = useMutation({
    mutationFn: () => api.fetch<{ entries: LibraryEntry[] }>('/api/library/papers/bulk', { body: { papers: savable } }),
    onSuccess: ({ entries: saved }) => {
      for (const entry of saved) queryClient.setQueryData(savedStateKey(entry.paperId), { id: entry.id } satisfies SavedState);
      toast({ title: t('savedFound', { count: saved.length }), variant: 'success' });
    },
    onError: failed(t('saveFailed')),
  });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="check-actions">
      <label>
        <span className="sr-only">{t('style')}</span>
        <CitationStyleSelect styles={styles} value={style} onChange={onStyle} className="max-w-[16rem]" testId="check-style" />
      </label>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => copyList.mutate()}
        disabled={corrected.length === 0 || copyList.isPending}
        data-testid="copy-corrected-list"
      >
        <ClipboardCopy aria-hidden />
        {t('copyList')}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => save.mutate()}
        disabled={savable.length === 0 || save.isPending}
        data-testid="save-verified"
      >
        <BookmarkPlus aria-hidden />
        {save.isPending ? t('saving') : t('saveFound', { count: savable.length })}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => saveTextFile('citewise-reference-check.csv', checkReportCsv(entries), 'text/csv;charset=utf-8')}
        data-testid="export-report"
      >
        <Download aria-hidden />
        {t('exportReport')}
      </Button>
    </div>
  );
}
