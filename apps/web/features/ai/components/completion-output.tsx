'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Markdown } from '@/components/ui/markdown';

/** The answer as it streams in, with copy. Screen readers hear it once it is complete, not per chunk. */
export function CompletionOutput({ text, running, stopped }: { text: string; running: boolean; stopped: boolean }) {
  const t = useTranslations('aiWriting');
  const [copiedText, setCopiedText] = useState<string | null>(null);
  const copied = copiedText === text;

  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopiedText(text);
  }

  return (
    <section aria-labelledby="ai-output-title" aria-busy={running} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ai-output-title" className="text-base font-semibold">
          {t('output')}
        </h2>
        <Button type="button" variant="outline" size="sm" disabled={!text || running} onClick={() => void copy()} data-testid="ai-copy">
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
      <div className="min-h-16 rounded-md border border-border bg-card p-4" data-testid="ai-output" data-state={running ? 'running' : 'done'}>
        <Markdown>{text}</Markdown>
      </div>
      {stopped ? <p className="text-xs text-muted-foreground">{t('stopped')}</p> : null}
    </section>
  );
}
