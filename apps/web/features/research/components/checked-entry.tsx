'use client';

import type { Paper } from '@citewise/scholar';
import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ClipboardCopy, FileWarning } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api/client';
import { useApi } from '@/lib/api/use-api';
import { useErrorText } from '@/hooks/use-error-message';
import type { CheckedReference } from '../server/checked-reference-type';
import { formattedReferences } from '../client/formatted-references';
import { FieldVerdicts, useFieldList } from '@/features/papers/components/field-verdicts';
import { verdictLook } from '@/features/papers/components/verdict-look';

const statusLook = { ...verdictLook, unreadable: { icon: FileWarning, className: 'border-border text-muted-foreground' } } as const;

/**
 * One checked reference: its verdict and what it rests on, the record it matched (opens in the paper panel), each
 * field beside the record's, and the corrected reference to copy in the report's style.
 */
export function CheckedEntry({ entry, style, onOpen }: { entry: CheckedReference; style: string; onOpen: (paper: Paper) => void }) {
  const t = useTranslations('research.check');
  const api = useApi();
  const errorText = useErrorText();
  const fieldList = useFieldList();
  const copy = useMutation({
    mutationFn: async (paper: Paper) => navigator.clipboard.writeText(await formattedReferences([paper], style, api)),
    onSuccess: () =>
      toast({
        title: t('copiedOne'),
        description: entry.unconfirmed.length ? t('copiedUnconfirmed', { fields: fieldList(entry.unconfirmed) }) : undefined,
        variant: entry.unconfirmed.length ? 'default' : 'success',
      }),
    onError: (error) => toast({ title: t('copyFailed'), description: error instanceof ApiError ? errorText(error) : undefined, variant: 'destructive' }),
  });
  const look = statusLook[entry.status];
  const Icon = look.icon;
  const corrected = entry.corrected ?? entry.paper;
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-card p-4" data-testid="checked-entry" data-status={entry.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
          <span className="mr-2 text-muted-foreground">{entry.index}.</span>
          {entry.text}
        </p>
        <span
          className={clsx('inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium', look.className)}
          data-testid="entry-status"
        >
          <Icon className="size-3.5" aria-hidden />
          {t(`status.${entry.status}`)}
        </span>
      </div>
      <VerdictSummary entry={entry} />
      {entry.paper && corrected ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 flex-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {t('matched')}{' '}
            <button
              type="button"
              className="rounded-sm text-left text-primary underline-offset-4 hover:underline"
              onClick={() => onOpen(entry.paper!)}
              data-testid="matched-record"
            >
              {entry.paper.title}
            </button>
            {entry.paper.issued ? ` (${entry.paper.issued.year})` : ''}
          </p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="h-7 px-2 text-xs"
            onClick={() => copy.mutate(corrected)}
            disabled={copy.isPending}
            data-testid="copy-corrected"
          >
            <ClipboardCopy aria-hidden />
            {t('copyOne')}
          </Button>
        </div>
      ) : null}
      {entry.status === 'not_found' || entry.status === 'unchecked' ? <WhereSearched entry={entry} /> : null}
      {entry.reason ? <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{entry.reason}</p> : null}
      <FieldVerdicts fields={entry.fields} />
    </li>
  );
}

/** What the verdict rests on, in a sentence: which fields were found, corrected, differ or could not be checked. */
function VerdictSummary({ entry }: { entry: CheckedReference }) {
  const t = useTranslations('research.check');
  const tSource = useTranslations('research.search.source');
  const fieldList = useFieldList();
  const of = (verdicts: string[]) => entry.fields.filter((f) => verdicts.includes(f.verdict)).map((f) => f.field);
  const sources = entry.sources.map((s) => tSource(s)).join(', ');
  const sentence = (() => {
    if (entry.status === 'verified') return t('why.verified', { sources });
    if (entry.status === 'corrected') return t('why.corrected', { fields: fieldList(of(['slip'])), sources });
    if (entry.status === 'partial') return t('why.partial', { found: fieldList(of(['matched', 'slip'])), missing: fieldList(entry.unconfirmed) });
    if (entry.status === 'mismatch') return t('why.mismatch', { fields: fieldList(of(['different'])), sources });
    return null;
  })();
  if (!sentence) return null;
  return (
    <p className="text-sm [overflow-wrap:anywhere] first-letter:uppercase" data-testid="verdict-why">
      {sentence}
    </p>
  );
}

/** Which sources were searched, and for a reference not found, the titles that came closest. */
function WhereSearched({ entry }: { entry: CheckedReference }) {
  const t = useTranslations('research.check');
  const tSource = useTranslations('research.search.source');
  const names = (states: string[]) =>
    entry.searched
      .filter((s) => states.includes(s.state))
      .map((s) => tSource(s.source))
      .join(', ');
  const answered = names(['answered']) || t('noSourceAnswered');
  const silent = names(['unreachable', 'timed_out', 'failed']);
  return (
    <div className="grid gap-1 text-xs text-muted-foreground" data-testid="searched">
      {entry.status === 'unchecked' ? (
        <>
          <p data-testid="unchecked-why">{t('uncheckedWhy', { sources: answered })}</p>
          <p>{t('uncheckedTodo')}</p>
        </>
      ) : (
        <p data-testid="not-found-in">{t('notFoundIn', { sources: answered })}</p>
      )}
      {silent ? <p>{t('unreachable', { sources: silent })}</p> : null}
      {entry.status === 'not_found' && !entry.complete ? <p>{t('incomplete')}</p> : null}
      {entry.candidates.length ? (
        <div>
          <p>{t('nearest')}</p>
          <ul className="ml-4 list-disc" data-testid="nearest">
            {entry.candidates.map((c) => (
              <li key={c.paper.id} className="[overflow-wrap:anywhere]">
                <span className="text-foreground">{c.paper.title}</span>
                {c.paper.issued ? ` (${c.paper.issued.year})` : ''} · {tSource(c.source)} · {t('similarity', { value: c.similarity.toFixed(2) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
