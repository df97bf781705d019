'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';

import { readTextFile } from '@/lib/api/download';

import { useErrorText } from '@/hooks/use-error-message';
import { MAX_BIBLIOGRAPHY_CHARS } from '@/features/papers/limits';
import { toast } from '@/hooks/use-toast';
import type { ImportSummary, LibraryCollection } from '../types';
import { useApi } from '@/lib/api/use-api';

const formatByExtension: Record<string, 'bibtex' | 'ris' | 'csl-json'> = { bib: 'bibtex', bibtex: 'bibtex', ris: 'ris', json: 'csl-json' };

/** Import a reference file (into the collection being viewed, if any) and create collections. */
export function LibraryToolbar({ collectionId }: { collectionId: string | undefined }) {
  const t = useTranslations('library.toolbar');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [report, setReport] = useState<ImportSummary | null>(null);

  const importFile = useMutation({
    mutationFn: async (file: File) => {
      const text = await readTextFile(file, MAX_BIBLIOGRAPHY_CHARS);
      if (text === null) throw new Error('too_large');
      const format = formatByExtension[file.name.split('.').pop()?.toLowerCase() ?? ''];
      return api.fetch<ImportSummary>('/api/library/import', { body: { text, format, collectionId } });
    },
    onMutate: () => setReport(null),
    onSuccess: async (summary) => {
      setReport(summary);
      const doubtful = summary.mismatch + summary.partial + summary.notFound + summary.failures.length;
      toast({ title: t('imported', { count: summary.imported }), description: importReport(summary), variant: doubtful ? 'default' : 'success' });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) =>
      toast({
        title: t('importFailed'),
        description: error instanceof Error && error.message === 'too_large' ? t('fileTooLarge') : errorText(error),
        variant: 'destructive',
      }),
  });
  const create = useMutation({
    mutationFn: () => api.fetch<{ collection: LibraryCollection }>('/api/library/collections', { body: { name } }),
    onSuccess: async () => {
      setName('');
      toast({ title: t('created'), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('createFailed'), description: errorText(error), variant: 'destructive' }),
  });

  /**
   * "3 imported · 1 verified · 1 with differences · 1 not found · 0 could not be checked" (with corrections and
   * partly verified when there are any), then what else to know.
   */
  function importReport(summary: ImportSummary): string {
    const parts = (['imported', 'verified', 'corrected', 'partial', 'mismatch', 'notFound', 'unchecked'] as const).filter(
      (part) => (part !== 'corrected' && part !== 'partial') || summary[part] > 0,
    );
    return [
      parts.map((part) => t(`reportParts.${part}`, { count: summary[part] })).join(' · ') + t('reportEnd'),
      summary.pending ? t('reportPending', { count: summary.pending }) : null,
      summary.failures.length ? t('importSkipped', { count: summary.failures.length }) : null,
    ]
      .filter(Boolean)
      .join(' ');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) create.mutate();
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      {report ? (
        <p className="w-full rounded-lg border border-border bg-card/60 p-3 text-sm sm:order-last" role="status" data-testid="import-report">
          {importReport(report)}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex items-center gap-2" data-testid="new-collection">
        <label className="flex-1 text-sm">
          <span className="sr-only">{t('newCollection')}</span>
          <input
            className={`${inputClasses} h-9 w-full`}
            placeholder={t('newCollection')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            data-testid="collection-name"
          />
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={create.isPending || !name.trim()} data-testid="collection-create">
          <FolderPlus aria-hidden />
          {t('create')}
        </Button>
      </form>
      <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-border bg-card px-3 py-2 text-sm font-medium focus-within:outline-2 focus-within:outline-ring hover:bg-accent">
        <Upload className="size-4" aria-hidden />
        {importFile.isPending ? t('importing') : t('import')}
        <input
          type="file"
          accept=".bib,.bibtex,.ris,.json"
          className="sr-only"
          disabled={importFile.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) importFile.mutate(file);
          }}
          data-testid="library-import"
        />
      </label>
    </div>
  );
}
