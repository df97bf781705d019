'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** Previous / next over pages the server counts; the list itself is only ever one page. */
export function Pager({ page, perPage, total, onPage }: { page: number; perPage: number; total: number; onPage: (page: number) => void }) {
  const t = useTranslations('admin.pager');
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav aria-label={t('label')} className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="pager">
      <p className="text-muted-foreground" aria-live="polite">
        {t('status', { page, pages, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="pager-previous">
          <ChevronLeft aria-hidden />
          {t('previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="pager-next">
          {t('next')}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
