'use client';

import type { Paper } from '@citewise/scholar';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import { CitationStyleSelect } from './citation-style-select';
import { useMissingText } from './incomplete-record';
import { useApi } from '@/lib/api/use-api';

type Citation = { text: string; citation: string };

/** A paper's reference in the chosen style, with copy to clipboard. */
export function CiteBox({ paper, styles }: { paper: Paper; styles: StyleOption[] }) {
  const t = useTranslations('research.cite');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const id = useId();
  const [style, setStyle] = useState(locale === 'zh' ? 'gb-t-7714-2015-numeric' : 'apa');
  const [copied, setCopied] = useState(false);
  const missing = useMissingText(paper);
  const cite = useQuery({
    queryKey: ['cite', paper.id, style],
    queryFn: () => api.fetch<Citation>('/api/scholar/cite', { body: { paper, style } }),
    staleTime: Infinity,
  });

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      // An incomplete record's citation is not a finished one: the copy says what to fill in.
      if (missing) toast({ title: t('copiedIncomplete'), description: t('completeBeforeUse', { fields: missing }), variant: 'default' });
      else toast({ title: t('copied'), variant: 'success' });
    } catch {
      toast({ title: t('copyFailed'), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="cite-box">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          {t('title')}
        </h3>
        <label className="grid gap-1 text-sm">
          <span className="sr-only">{t('style')}</span>
          <CitationStyleSelect styles={styles} value={style} onChange={setStyle} className="max-w-full" testId="cite-style" />
        </label>
      </div>
      <div className="rounded-lg border border-border bg-background/60 p-3 text-sm" aria-live="polite" aria-busy={cite.isPending}>
        {cite.isPending ? (
          <p className="text-muted-foreground">{t('loading')}</p>
        ) : cite.isError ? (
          <p className="text-destructive" role="alert">
            {errorText(cite.error)}
          </p>
        ) : (
          <p className="[overflow-wrap:anywhere]" data-testid="citation-text">
            {cite.data.text}
          </p>
        )}
      </div>
      {cite.data && missing ? (
        <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="citation-incomplete">
          {t('completeBeforeUse', { fields: missing })}
        </p>
      ) : null}
      {cite.data ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" size="sm" onClick={() => copy(cite.data.text)} data-testid="copy-citation">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t('copiedShort') : t('copy')}
          </Button>
          <span className="text-sm text-muted-foreground">
            {t('inText')} <span className="font-mono text-foreground">{cite.data.citation}</span>
          </span>
        </div>
      ) : null}
    </section>
  );
}
