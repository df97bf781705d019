'use client';

import { ChevronRight, FolderPlus, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { nameProblem } from '@/lib/files/file-keys';
import type { StorageProblem } from '@/lib/supabase/storage-problem';

type Props = {
  folder: string[];
  onFolder: (folder: string[]) => void;
  search: string;
  onSearch: (text: string) => void;
  onCreateFolder: (name: string) => Promise<StorageProblem | null>;
};

/** Where in My files this is (each step a way back), search by name, and a new folder here. */
export function FilesToolbar({ folder, onFolder, search, onSearch, onCreateFolder }: Props) {
  const t = useTranslations('files.toolbar');
  const tp = useTranslations('files.problem');
  const tn = useTranslations('files.invalid');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameProblem(name);
    if (invalid) return setError(tn(invalid));
    const problem = await onCreateFolder(name.trim());
    if (problem) return setError(tp(problem));
    setCreating(false);
    setName('');
    setError(null);
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t('path')}>
          <ol className="flex flex-wrap items-center gap-1 text-sm" data-testid="files-breadcrumbs">
            {[t('root'), ...folder].map((label, index) => (
              <li key={index} className="flex items-center gap-1">
                {index > 0 && <ChevronRight className="size-4 text-muted-foreground" aria-hidden />}
                {index === folder.length ? (
                  <span aria-current="page" className="font-medium">
                    {label}
                  </span>
                ) : (
                  <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => onFolder(folder.slice(0, index))}>
                    {label}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder={t('search')}
              aria-label={t('search')}
              className="w-56 pl-8"
              data-testid="files-search"
            />
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setCreating((open) => !open)}
            aria-expanded={creating}
            data-testid="files-new-folder"
          >
            <FolderPlus aria-hidden />
            {t('newFolder')}
          </Button>
        </div>
      </div>
      {creating && (
        <form onSubmit={create} onKeyDown={(event) => event.key === 'Escape' && setCreating(false)} className="flex flex-wrap items-start gap-2">
          <div className="grid gap-1">
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-label={t('folderName')}
              placeholder={t('folderName')}
              autoFocus
              aria-invalid={error ? true : undefined}
              data-testid="files-folder-name"
            />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" size="sm">
            {t('create')}
          </Button>
        </form>
      )}
    </div>
  );
}
