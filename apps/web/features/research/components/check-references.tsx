'use client';

import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CheckCircle2, CircleHelp, FileWarning, TriangleAlert, Upload } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import type { CheckedReference } from '../server/checked-reference-type';
import { apiFetch, readTextFile } from '../client/download';
import { useErrorText } from '../client/use-error-text';
import { MAX_BIBLIOGRAPHY_CHARS } from '../limits';

const formatByExtension: Record<string, 'bibtex' | 'ris' | 'csl-json'> = { bib: 'bibtex', bibtex: 'bibtex', ris: 'ris', json: 'csl-json' };

/** "Check references": paste a bibliography or upload a file; each entry verified, mismatched or not found. */
export function CheckReferences() {
  const t = useTranslations('research.check');
  const locale = useLocale();
  const errorText = useErrorText();
  const id = useId();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'bibtex' | 'ris' | 'csl-json' | undefined>(undefined);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: () => apiFetch<{ entries: CheckedReference[] }>('/api/scholar/verify', { body: { text, format }, locale }),
  });

  async function chooseFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    const content = await readTextFile(file, MAX_BIBLIOGRAPHY_CHARS);
    if (content === null) {
      setFileError(t('fileTooLarge'));
      return;
    }
    setText(content);
    setFileName(file.name);
    setFormat(formatByExtension[file.name.split('.').pop()?.toLowerCase() ?? '']);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) check.mutate();
  }

  const entries = check.data?.entries;
  const count = (status: CheckedReference['status']) => entries?.filter((entry) => entry.status === status).length ?? 0;
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-3" data-testid="check-form">
        <p className="text-sm text-muted-foreground">{t('lead')}</p>
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          {t('label')}
        </label>
        <textarea
          id={`${id}-text`}
          className={clsx(inputClasses, 'h-auto min-h-48 font-mono text-sm')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFormat(undefined);
            setFileName(null);
          }}
          placeholder={t('placeholder')}
          maxLength={MAX_BIBLIOGRAPHY_CHARS}
          aria-describedby={`${id}-hint`}
          data-testid="check-text"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('hint')}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-border bg-card px-3 py-2 text-sm font-medium focus-within:outline-2 focus-within:outline-ring hover:bg-accent">
            <Upload className="size-4" aria-hidden />
            {t('upload')}
            <input
              type="file"
              accept=".bib,.bibtex,.ris,.json,.txt"
              className="sr-only"
              onChange={(event) => chooseFile(event.target.files?.[0])}
              data-testid="check-file"
            />
          </label>
          {fileName ? <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{t('fileLoaded', { name: fileName })}</span> : null}
          <Button type="submit" className="ml-auto" disabled={check.isPending || !text.trim()} data-testid="check-submit">
            {check.isPending ? t('checking') : t('submit')}
          </Button>
        </div>
        {fileError ? (
          <p className="text-sm text-destructive" role="alert">
            {fileError}
          </p>
        ) : null}
      </form>

      <section aria-labelledby={`${id}-results`} aria-busy={check.isPending} className="grid gap-3">
        <h2 id={`${id}-results`} className="sr-only">
          {t('results')}
        </h2>
        {check.isPending ? (
          <p role="status" className="text-sm text-muted-foreground" data-testid="check-loading">
            {t('checking')}
          </p>
        ) : check.isError ? (
          <p role="alert" className="rounded-xl border border-destructive/50 p-4 text-sm text-destructive" data-testid="check-error">
            {errorText(check.error)}
          </p>
        ) : entries ? (
          <>
            <p className="text-sm" aria-live="polite" data-testid="check-summary">
              {t('summary', { verified: count('verified'), mismatch: count('mismatch'), notFound: count('not_found') })}
            </p>
            <ol className="grid gap-3">
              {entries.map((entry) => (
                <CheckedEntry key={entry.index} entry={entry} />
              ))}
            </ol>
          </>
        ) : null}
      </section>
    </div>
  );
}

const statusLook = {
  verified: { icon: CheckCircle2, className: 'border-success/40 text-success' },
  mismatch: { icon: TriangleAlert, className: 'border-amber-500/50 text-amber-700 dark:text-amber-300' },
  not_found: { icon: CircleHelp, className: 'border-destructive/50 text-destructive' },
  unreadable: { icon: FileWarning, className: 'border-border text-muted-foreground' },
} as const;

function CheckedEntry({ entry }: { entry: CheckedReference }) {
  const t = useTranslations('research.check');
  const look = statusLook[entry.status];
  const Icon = look.icon;
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-card p-4" data-testid="checked-entry" data-status={entry.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
          <span className="mr-2 text-muted-foreground">{entry.index}.</span>
          {entry.text}
        </p>
        <span className={clsx('inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium', look.className)} data-testid="entry-status">
          <Icon className="size-3.5" aria-hidden />
          {t(`status.${entry.status}`)}
        </span>
      </div>
      {entry.paper ? (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {t('matched')} <span className="text-foreground">{entry.paper.title}</span>
          {entry.paper.issued ? ` (${entry.paper.issued.year})` : ''}
        </p>
      ) : null}
      {entry.status === 'not_found' && !entry.complete ? <p className="text-xs text-muted-foreground">{t('incomplete')}</p> : null}
      {entry.reason ? <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{entry.reason}</p> : null}
      {entry.differences.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="differences">
            <caption className="sr-only">{t('differences')}</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t('field')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('yours')}</th>
                <th scope="col" className="py-1 font-medium">{t('record')}</th>
              </tr>
            </thead>
            <tbody>
              {entry.differences.map((difference) => (
                <tr key={difference.field} className="border-t border-border align-top" data-testid="difference" data-field={difference.field}>
                  <th scope="row" className="py-1.5 pr-3 font-medium">{t(`fields.${difference.field}`)}</th>
                  <td className="py-1.5 pr-3 [overflow-wrap:anywhere]">{difference.expected ?? '—'}</td>
                  <td className="py-1.5 [overflow-wrap:anywhere]">{difference.found ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}
