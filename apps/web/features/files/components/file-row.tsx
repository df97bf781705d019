'use client';

import { Download, ExternalLink, FileText, Pencil, Trash2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format-bytes';
import type { StorageProblem } from '@/lib/supabase/storage-problem';
import { RenameForm } from './rename-form';
import type { FileEntry } from '../types';

export type { FileEntry };

type Props = {
  file: FileEntry;
  folder: readonly string[];
  /** A signed link to the file, or null while it is being made. */
  url: string | null;
  onRename: (file: FileEntry, folder: string[], name: string) => Promise<StorageProblem | null>;
  onDelete: (file: FileEntry) => Promise<StorageProblem | null>;
  /** Reads a PDF in the page. */
  onPreview: (file: FileEntry) => void;
};

/** One stored file: open (PDFs read in the page, or in a new tab), download, rename or move, delete after a confirmation. */
export function FileRow({ file, folder, url, onRename, onDelete, onPreview }: Props) {
  const t = useTranslations('files.row');
  const tp = useTranslations('files.problem');
  const locale = useLocale();
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StorageProblem | null>(null);
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(file.updatedAt));
  const pdf = file.type === 'application/pdf';

  const remove = async () => {
    setBusy(true);
    const failed = await onDelete(file);
    setBusy(false);
    setProblem(failed);
    if (!failed) setMode('view');
  };

  return (
    <li className="grid grid-cols-1 gap-2 px-3 py-3 sm:px-4" data-testid="files-row" data-name={file.name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        {/* `relative` on the truncated names: their screen-reader suffix (absolutely placed) is clipped with the name
            instead of standing where the untruncated name would end, which made the page scroll sideways. */}
        <div className="min-w-0 flex-1">
          {url && pdf ? (
            <button
              type="button"
              className="relative block max-w-full truncate text-left font-medium hover:underline"
              onClick={() => onPreview(file)}
              data-testid="files-open"
            >
              {file.name}
              <span className="sr-only"> {t('readHere')}</span>
            </button>
          ) : url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className="relative block truncate font-medium hover:underline" data-testid="files-open">
              {file.name}
              <span className="sr-only"> {t('opensInNewTab')}</span>
            </a>
          ) : (
            <span className="block truncate font-medium">{file.name}</span>
          )}
          <p className="text-xs text-muted-foreground">
            {formatBytes(file.size, locale)} · {date}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {url && pdf && (
            <Button asChild variant="ghost" size="sm" className="h-8 px-2">
              <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('open', { name: file.name })} data-testid="files-open-tab">
                <ExternalLink aria-hidden />
              </a>
            </Button>
          )}
          {url && (
            <Button asChild variant="ghost" size="sm" className="h-8 px-2">
              <a href={`${url}&download=${encodeURIComponent(file.name)}`} aria-label={t('download', { name: file.name })} data-testid="files-download">
                <Download aria-hidden />
              </a>
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            aria-label={t('rename', { name: file.name })}
            onClick={() => setMode('rename')}
            data-testid="files-rename"
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            aria-label={t('delete', { name: file.name })}
            onClick={() => setMode('confirm')}
            data-testid="files-delete"
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {mode === 'rename' && <RenameForm file={file} folder={folder} onCancel={() => setMode('view')} onSubmit={async (to, name) => onRename(file, to, name)} />}
      {mode === 'confirm' && (
        <div
          role="alertdialog"
          aria-labelledby={`confirm-${file.key}`}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive/50 p-3 text-sm"
        >
          <p id={`confirm-${file.key}`} className="flex-1">
            {t('confirmDelete', { name: file.name })}
          </p>
          {/* Not <Button>: its primary colours would fight the destructive ones (classes are not merged). */}
          <button
            type="button"
            className="inline-flex h-9 items-center rounded-md bg-destructive px-3 text-sm font-medium text-background hover:bg-destructive/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
            disabled={busy}
            onClick={remove}
            autoFocus
            data-testid="files-confirm-delete"
          >
            {t('confirm')}
          </button>
          <Button type="button" variant="outline" size="sm" onClick={() => setMode('view')}>
            {t('cancel')}
          </Button>
        </div>
      )}
      {problem && mode !== 'rename' && (
        <p role="alert" className="text-sm text-destructive">
          {tp(problem)}
        </p>
      )}
    </li>
  );
}
