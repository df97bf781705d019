'use client';

import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { LimitUpgradeLink } from '@/features/entitlements/components/limit-upgrade-link';
import type { Paper } from '@citewise/scholar';
import { CHECK_STATUSES, type CheckedReference } from '../server/checked-reference-type';

import { readTextFile } from '@/lib/api/download';

import { useStoredCheck } from '../client/use-stored-check';
import { useErrorText } from '@/hooks/use-error-message';
import { MAX_BIBLIOGRAPHY_CHARS } from '../limits';
import type { StyleOption } from '@/features/papers/types';
import { CheckReportActions } from './check-report-actions';
import { CheckedEntry } from './checked-entry';
import { PaperPanel } from '@/features/papers/components/paper-panel';
import { SaveButton } from '@/features/papers/components/save-button';
import { useApi } from '@/lib/api/use-api';

const formatByExtension: Record<string, 'bibtex' | 'ris' | 'csl-json'> = { bib: 'bibtex', bibtex: 'bibtex', ris: 'ris', json: 'csl-json' };

/**
 * "Check references": paste a bibliography or upload a file; each entry verified, verified with corrections, partly
 * verified, mismatched, not found or unchecked, with a verdict for each of its fields.
 */
export function CheckReferences({ styles }: { styles: StyleOption[] }) {
  const t = useTranslations('research.check');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const id = useId();
  const [stored, keep] = useStoredCheck();
  // What the user typed; until then, the list of the tab's last check (a reload shows it again).
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? stored?.text ?? '';
  const [format, setFormat] = useState<'bibtex' | 'ris' | 'csl-json' | undefined>(undefined);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [style, setStyle] = useState(locale === 'zh' ? 'gb-t-7714-2015-numeric' : 'apa');
  const [open, setOpen] = useState<Paper | null>(null);
  const check = useMutation({
    mutationFn: () => api.fetch<{ entries: CheckedReference[] }>('/api/scholar/verify', { body: { text, format } }),
    onSuccess: (data) => keep({ text, entries: data.entries }),
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

  const entries = check.data?.entries ?? (check.isIdle ? stored?.entries : undefined);
  const count = (status: CheckedReference['status']) => entries?.filter((entry) => entry.status === status).length ?? 0;
  // Verified, with differences, not found and could not be checked always; the other verdicts when they occur.
  const summaryParts = CHECK_STATUSES.filter((status) => ['verified', 'mismatch', 'not_found', 'unchecked'].includes(status) || count(status) > 0);
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
          <div role="alert" className="grid gap-3 rounded-xl border border-destructive/50 p-4 text-sm" data-testid="check-error">
            <p className="text-destructive">{errorText(check.error)}</p>
            <LimitUpgradeLink error={check.error} />
          </div>
        ) : entries ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm" aria-live="polite" data-testid="check-summary">
                {summaryParts.map((status) => t(`summary.${status}`, { count: count(status) })).join(' · ')}
              </p>
              <CheckReportActions entries={entries} styles={styles} style={style} onStyle={setStyle} />
            </div>
            <ol className="grid gap-3">
              {entries.map((entry) => (
                <CheckedEntry key={entry.index} entry={entry} style={style} onOpen={setOpen} />
              ))}
            </ol>
          </>
        ) : null}
      </section>
      <PaperPanel paper={open} styles={styles} onClose={() => setOpen(null)} testId="check-paper-panel">
        {open ? <SaveButton key={open.id} paper={open} /> : null}
      </PaperPanel>
    </div>
  );
}
