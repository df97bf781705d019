'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { useErrorMessage } from '@/hooks/use-error-message';
import type { AuditRow } from '../server/audit';
import { AuditTable, useActionName } from './audit-table';
import { Pager } from './pager';
import { useAdminApi } from './use-admin-api';

/** The actions the filter offers (what the product writes). */
const actions = [
  'user.create',
  'user.invite',
  'user.ban',
  'user.unban',
  'user.delete',
  'user.factor_delete',
  'user.session_revoke',
  'user.sessions_revoke',
  'user.link_recovery',
  'user.link_magiclink',
  'user.link_invite',
  'user.link_signup',
  'user.plan_give',
  'user.plan_take',
  'role.grant',
  'role.revoke',
] as const;
const PER_PAGE = 50;

/** /admin/audit: every admin action newest first, filtered by action, and the same as CSV. */
export function AuditView() {
  const t = useTranslations('admin.audit');
  const tc = useTranslations('admin');
  const toMessage = useErrorMessage();
  const actionName = useActionName();
  const api = useAdminApi();
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const filter = new URLSearchParams(action ? { action } : {});
  const log = useQuery({
    queryKey: ['admin-audit', action, page],
    queryFn: ({ signal }) =>
      api<{ entries: AuditRow[]; total: number; page: number; per_page: number }>(
        `/api/admin/audit?${new URLSearchParams({ ...Object.fromEntries(filter), page: String(page), per_page: String(PER_PAGE) })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('lead')}</p>
      </header>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('filter')}</span>
          <select
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
            className="h-10 rounded-md border border-border bg-card px-3"
            data-testid="audit-filter"
          >
            <option value="">{t('allActions')}</option>
            {actions.map((value) => (
              <option key={value} value={value}>
                {actionName(value)}
              </option>
            ))}
          </select>
        </label>
        <a
          href={`/api/admin/audit?${new URLSearchParams({ ...Object.fromEntries(filter), format: 'csv' })}`}
          download
          className={buttonVariants({ variant: 'outline' })}
          data-testid="audit-csv"
        >
          <Download aria-hidden />
          {t('csv')}
        </a>
      </div>
      {log.isPending ? (
        <LoadingCards label={tc('loading')} count={4} className="h-10" testId="audit-loading" />
      ) : log.isError ? (
        <LoadError message={toMessage(log.error).message} retryLabel={tc('retry')} onRetry={() => void log.refetch()} testId="audit-error" />
      ) : (
        <>
          <div className="rounded-xl border border-border bg-card p-2" aria-busy={log.isFetching}>
            <AuditTable entries={log.data.entries} />
          </div>
          {log.data.total > 0 ? <Pager page={log.data.page} perPage={log.data.per_page} total={log.data.total} onPage={setPage} /> : null}
        </>
      )}
    </div>
  );
}
