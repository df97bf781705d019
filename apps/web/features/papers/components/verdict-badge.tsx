'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CircleDashed, RefreshCw } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

import { useErrorText } from '@/hooks/use-error-message';
import { useFieldList } from '@/features/papers/components/field-verdicts';
import { verdictLook } from '@/features/papers/components/verdict-look';
import { toast } from '@/hooks/use-toast';
import type { LibraryEntry } from '@/features/library/types';
import { useApi } from '@/lib/api/use-api';

const look = { ...verdictLook, none: { icon: CircleDashed, className: 'border-border text-muted-foreground' } } as const;

/**
 * A library entry's verdict (or that it was never checked), when it was checked and where the work was found, the
 * fields that were corrected, differ or are in no record, and a button to check again.
 */
export function VerdictBadge({ entry }: { entry: LibraryEntry }) {
  const t = useTranslations('library.verdict');
  const tSource = useTranslations('research.search.source');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const fieldList = useFieldList();
  const queryClient = useQueryClient();
  const recheck = useMutation({
    mutationFn: () => api.fetch<{ entry: LibraryEntry }>(`/api/library/papers/${entry.id}/verify`, { method: 'POST' }),
    onSuccess: async ({ entry: checked }) => {
      toast({ title: t('rechecked', { status: t(`status.${checked.verification?.status ?? 'none'}`) }), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('recheckFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const verdict = entry.verification;
  const status = verdict?.status ?? 'none';
  const Icon = look[status].icon;
  const differences = verdict?.differences ?? [];
  // Verdicts kept before slips were told apart have no verdict per difference: those were all differences.
  const slips = differences.filter((d) => d.verdict === 'slip').map((d) => d.field);
  const different = differences.filter((d) => d.verdict !== 'slip').map((d) => d.field);
  const unconfirmed = verdict?.unconfirmed ?? [];
  const names = (sources: string[]) => sources.map((source) => tSource(source)).join(', ');
  const date = verdict ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(verdict.checkedAt)) : null;
  const found = verdict?.sources ?? [];
  const answered = verdict?.searched.filter((s) => s.state === 'answered').map((s) => s.source) ?? [];
  return (
    <div className="grid gap-1 text-xs" data-testid="entry-verification">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          className={clsx('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 font-medium', look[status].className)}
          data-testid="entry-verdict"
          data-status={status}
        >
          <Icon className="size-3.5" aria-hidden />
          {t(`status.${status}`)}
        </span>
        {verdict && date ? (
          <span className="text-muted-foreground [overflow-wrap:anywhere]" data-testid="entry-checked">
            <time dateTime={verdict.checkedAt}>
              {found.length ? t('checkedFound', { date, sources: names(found) }) : t('checkedSearched', { date, sources: names(answered) || '—' })}
            </time>
          </span>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          onClick={() => recheck.mutate()}
          disabled={recheck.isPending}
          data-testid="entry-recheck"
        >
          <RefreshCw className={clsx('size-3.5', recheck.isPending && 'animate-spin')} aria-hidden />
          {recheck.isPending ? t('rechecking') : t('recheck')}
        </Button>
      </div>
      {different.length ? (
        <p className="text-muted-foreground" data-testid="entry-differences">
          {t('differ', { fields: fieldList(different) })}
        </p>
      ) : null}
      {slips.length ? (
        <p className="text-muted-foreground" data-testid="entry-corrections">
          {t('corrections', { fields: fieldList(slips) })}
        </p>
      ) : null}
      {unconfirmed.length ? (
        <p className="text-muted-foreground" data-testid="entry-unconfirmed">
          {t('unconfirmed', { fields: fieldList(unconfirmed) })}
        </p>
      ) : null}
    </div>
  );
}
