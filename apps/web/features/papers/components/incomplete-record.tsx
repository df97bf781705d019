'use client';

import type { Paper } from '@citewise/scholar';
import { TriangleAlert } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { missingFields } from './paper-meta';

/** "authors, year and venue" / "作者、年份和出处": the fields a record lacks, in the reader's language; null when none. */
export function useMissingText(paper: Paper): string | null {
  const t = useTranslations('research.record');
  const locale = useLocale();
  const missing = missingFields(paper);
  if (missing.length === 0) return null;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(missing.map((field) => t(`fields.${field}`)));
}

/** A record that cannot make a finished citation says so, on a result card and in the paper panel. */
export function IncompleteRecord({ paper, testId = 'record-incomplete' }: { paper: Paper; testId?: string }) {
  const t = useTranslations('research.record');
  const missing = useMissingText(paper);
  if (!missing) return null;
  return (
    <p
      className="inline-flex w-fit items-center gap-1.5 rounded-md border border-amber-500/50 px-2 py-0.5 text-xs text-amber-700 dark:text-amber-300"
      data-testid={testId}
      data-missing={missingFields(paper).join(' ')}
    >
      <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
      {t('incomplete', { fields: missing })}
    </p>
  );
}
