'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CircleDashed, RefreshCw } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { apiFetch } from '@/features/research/client/download';
import { useErrorText } from '@/features/research/client/use-error-text';
import { verdictLook } from '@/features/research/components/verdict-look';
import { toast } from '@/hooks/use-toast';
import type { LibraryEntry } from '../types';

const look = { ...verdictLook, none: { icon: CircleDashed, className: 'border-border text-muted-foreground' } } as const;

/** A library entry's verdict (or that it was never checked), the fields that differ, and a button to check again. */
export function VerdictBadge({ entry }: { entry: LibraryEntry }) {
  const t = useTranslations('library.verdict');
  const tField = useTranslations('research.check.fields');
  const locale = useLocale();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const recheck = useMutation({
    mutationFn: () => apiFetch<{ entry: LibraryEntry }>(`/api/library/papers/${entry.id}/verify`, { method: 'POST', locale }),
    onSuccess: async ({ entry: checked }) => {
      toast({ title: t('rechecked', { status: t(`status.${checked.verification?.status ?? 'none'}`) }), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    onError: (error) => toast({ title: t('recheckFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const status = entry.verification?.status ?? 'none';
  const Icon = look[status].icon;
  const differences = entry.verification?.differences ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className={clsx('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 font-medium', look[status].className)} data-testid="entry-verdict" data-status={status}>
        <Icon className="size-3.5" aria-hidden />
        {t(`status.${status}`)}
      </span>
      {differences.length ? (
        <span className="text-muted-foreground" data-testid="entry-differences">
          {t('differ', { fields: differences.map((d) => tField(d.field)).join(', ') })}
        </span>
      ) : null}
      <Button type="button" size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => recheck.mutate()} disabled={recheck.isPending} data-testid="entry-recheck">
        <RefreshCw className={clsx('size-3.5', recheck.isPending && 'animate-spin')} aria-hidden />
        {recheck.isPending ? t('rechecking') : t('recheck')}
      </Button>
    </div>
  );
}
