'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { nameProblem, parseFolderPath } from '@/lib/files/file-keys';
import type { StorageProblem } from '@/lib/supabase/storage-problem';
import type { FileEntry } from '../types';

type Props = {
  file: FileEntry;
  folder: readonly string[];
  onCancel: () => void;
  onSubmit: (folder: string[], name: string) => Promise<StorageProblem | null>;
};

/** Rename a file, or move it by changing its folder (`a/b`; empty is the top of My files). */
export function RenameForm({ file, folder, onCancel, onSubmit }: Props) {
  const t = useTranslations('files.rename');
  const tp = useTranslations('files.problem');
  const tn = useTranslations('files.invalid');
  const [name, setName] = useState(file.name);
  const [path, setPath] = useState(folder.join('/'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameProblem(name) ?? parseFolderPath(path).map(nameProblem).find(Boolean);
    if (invalid) {
      setError(tn(invalid));
      return;
    }
    setBusy(true);
    const problem = await onSubmit(parseFolderPath(path), name.trim());
    setBusy(false);
    if (problem) setError(tp(problem));
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      data-testid="files-rename-form"
    >
      <Field label={t('name')} error={error}>
        <Input value={name} onChange={(event) => setName(event.target.value)} autoFocus maxLength={400} data-testid="files-rename-name" />
      </Field>
      <Field label={t('folder')} hint={t('folderHint')}>
        <Input value={path} onChange={(event) => setPath(event.target.value)} placeholder={t('top')} data-testid="files-rename-folder" />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy} data-testid="files-rename-save">
          {t('save')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
