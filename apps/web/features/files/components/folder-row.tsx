'use client';

import { Folder, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { StorageProblem } from '@/lib/supabase/storage-problem';

type Props = {
  name: string;
  onOpen: () => void;
  /** Removes the folder if it is empty; `notEmpty` when it still holds something. */
  onDelete: () => Promise<StorageProblem | 'notEmpty' | null>;
};

/** A folder in the list: open it, or delete it once it is empty (after a confirmation). */
export function FolderRow({ name, onOpen, onDelete }: Props) {
  const t = useTranslations('files.list');
  const tr = useTranslations('files.row');
  const tp = useTranslations('files.problem');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StorageProblem | 'notEmpty' | null>(null);

  const remove = async () => {
    setBusy(true);
    const failed = await onDelete();
    setBusy(false);
    setProblem(failed);
    setConfirming(false);
  };

  return (
    <li className="grid grid-cols-1 gap-2" data-testid="files-folder-row" data-name={name}>
      <div className="flex items-center gap-1 pr-3 sm:pr-4">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-3 px-3 py-3 text-left font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:px-4"
          onClick={onOpen}
          data-testid="files-folder"
        >
          <Folder className="size-5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{name}</span>
          <span className="sr-only">{t('folder')}</span>
        </button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 shrink-0 px-2"
          aria-label={t('deleteFolder', { name })}
          onClick={() => setConfirming(true)}
          data-testid="files-folder-delete"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={t('confirmDeleteFolder', { name })}
          className="mx-3 mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-destructive/50 p-3 text-sm sm:mx-4"
        >
          <p className="flex-1">{t('confirmDeleteFolder', { name })}</p>
          <button
            type="button"
            className="inline-flex h-9 items-center rounded-md bg-destructive px-3 text-sm font-medium text-background hover:bg-destructive/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
            disabled={busy}
            onClick={remove}
            autoFocus
            data-testid="files-folder-confirm-delete"
          >
            {tr('confirm')}
          </button>
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
            {tr('cancel')}
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="mx-3 mb-3 text-sm text-destructive sm:mx-4">
          {problem === 'notEmpty' ? t('folderNotEmpty', { name }) : tp(problem)}
        </p>
      )}
    </li>
  );
}
