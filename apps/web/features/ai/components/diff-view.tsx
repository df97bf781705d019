'use client';

import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { diffStats, wordDiff, type DiffPart } from '../writing/word-diff';

const styles: Record<DiffPart['kind'], string> = {
  same: '',
  removed: 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-700/60 dark:bg-red-950 dark:text-red-100',
  added: 'rounded-sm bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
};

function Parts({ parts, show }: { parts: readonly DiffPart[]; show: ReadonlyArray<DiffPart['kind']> }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-7">
      {parts
        .filter((part) => show.includes(part.kind))
        .map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : (
            // <del>/<ins> tell screen readers what changed; the colour is not the only sign (strike-through).
            <Tag key={index} kind={part.kind} text={part.text} />
          ),
        )}
    </p>
  );
}

function Tag({ kind, text }: { kind: 'added' | 'removed'; text: string }) {
  const Element = kind === 'added' ? 'ins' : 'del';
  return (
    <Element className={clsx('no-underline', styles[kind])} data-diff={kind}>
      {text}
    </Element>
  );
}

/** Input and output side by side on wide screens, one inline diff on phones. */
export function DiffView({ before, after }: { before: string; after: string }) {
  const t = useTranslations('aiWriting.diff');
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  const stats = diffStats(parts);
  return (
    <section aria-labelledby="ai-diff-title" className="grid gap-3" data-testid="ai-diff">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ai-diff-title" className="text-base font-semibold">
          {t('title')}
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="ai-diff-stats">
          {t('stats', stats)}
        </p>
      </div>
      <div className="hidden gap-4 md:grid md:grid-cols-2">
        <div className="rounded-md border border-border bg-card p-3">
          <h3 className="mb-2 text-xs font-medium uppercase text-muted-foreground">{t('before')}</h3>
          <Parts parts={parts} show={['same', 'removed']} />
        </div>
        <div className="rounded-md border border-border bg-card p-3">
          <h3 className="mb-2 text-xs font-medium uppercase text-muted-foreground">{t('after')}</h3>
          <Parts parts={parts} show={['same', 'added']} />
        </div>
      </div>
      <div className="rounded-md border border-border bg-card p-3 md:hidden">
        <Parts parts={parts} show={['same', 'removed', 'added']} />
      </div>
    </section>
  );
}
