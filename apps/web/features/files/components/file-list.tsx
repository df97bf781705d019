'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { StorageProblem } from '@/lib/supabase/storage-problem';
import { FileRow, type FileEntry } from './file-row';
import { FolderRow } from './folder-row';

type Props = {
  folder: readonly string[];
  folders: { name: string; segment: string }[];
  files: FileEntry[];
  links: Map<string, string> | undefined;
  searching: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onOpenFolder: (name: string) => void;
  onRename: (file: FileEntry, folder: string[], name: string) => Promise<StorageProblem | null>;
  onDelete: (file: FileEntry) => Promise<StorageProblem | null>;
  onPreview: (file: FileEntry) => void;
  onDeleteFolder: (segment: string) => Promise<StorageProblem | 'notEmpty' | null>;
};

/** The folder's subfolders and files, a page of 100 at a time (docs/product.md §9). */
export function FileList({
  folder,
  folders,
  files,
  links,
  searching,
  hasMore,
  loadingMore,
  onMore,
  onOpenFolder,
  onRename,
  onDelete,
  onPreview,
  onDeleteFolder,
}: Props) {
  const t = useTranslations('files.list');
  if (folders.length === 0 && files.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="files-empty">
        {searching ? t('noMatches') : folder.length ? t('emptyFolder') : t('empty')}
      </p>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label={t('label')} data-testid="files-list">
        {folders.map((entry) => (
          <FolderRow key={entry.segment} name={entry.name} onOpen={() => onOpenFolder(entry.name)} onDelete={() => onDeleteFolder(entry.segment)} />
        ))}
        {files.map((file) => (
          <FileRow
            key={file.key}
            file={file}
            folder={folder}
            url={links?.get(file.key) ?? null}
            onRename={onRename}
            onDelete={onDelete}
            onPreview={onPreview}
          />
        ))}
      </ul>
      {hasMore && (
        <Button type="button" variant="outline" className="w-fit justify-self-center" disabled={loadingMore} onClick={onMore} data-testid="files-more">
          {loadingMore ? t('loadingMore') : t('more')}
        </Button>
      )}
    </div>
  );
}
