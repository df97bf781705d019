'use client';

import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/query-state';
import { useDebounced } from '@/hooks/use-debounced';
import { formatBytes } from '@/lib/format-bytes';
import type { StoredFile } from '@/features/files/types';

import { useErrorText } from '@/hooks/use-error-message';
import { useApi } from '@/lib/api/use-api';

/** The PDFs of My files, newest first, found by name or folder; one click attaches one to the paper. */
export function PaperFilePicker({
  attached,
  busy,
  onPick,
  onCancel,
}: {
  attached: Set<string>;
  busy: boolean;
  onPick: (file: StoredFile) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('files.paper');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const pdfs = useQuery({
    queryKey: ['files-pdfs', query],
    queryFn: () => api.fetch<{ files: StoredFile[] }>(`/api/files/pdfs?${new URLSearchParams({ q: query })}`).then((r) => r.files),
  });

  return (
    <div
      className="grid gap-2 rounded-md border border-border p-3"
      onKeyDown={(event) => event.key === 'Escape' && (event.preventDefault(), onCancel())}
      data-testid="paper-file-picker"
    >
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('search')}
          aria-label={t('search')}
          className="pl-8"
          autoFocus
          data-testid="paper-file-search"
        />
      </div>
      {pdfs.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('loading')}
        </p>
      ) : pdfs.isError ? (
        <LoadError message={errorText(pdfs.error)} retryLabel={t('retry')} onRetry={() => void pdfs.refetch()} />
      ) : pdfs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{query ? t('noMatches') : t('noPdfs')}</p>
      ) : (
        <ul className="grid max-h-64 gap-1 overflow-y-auto" aria-label={t('pdfs')}>
          {pdfs.data.map((file) => (
            <li key={file.objectId}>
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                disabled={busy || attached.has(file.objectId)}
                onClick={() => onPick(file)}
                data-testid="paper-file-option"
                data-name={file.name}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{file.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {[file.folder.length ? file.folder.join(' / ') : t('top'), formatBytes(file.size, locale)].join(' · ')}
                  </span>
                </span>
                {attached.has(file.objectId) ? <span className="shrink-0 text-xs text-muted-foreground">{t('alreadyAttached')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button type="button" variant="ghost" size="sm" className="w-fit" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </div>
  );
}
