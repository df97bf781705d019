'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { useErrorMessage } from '@/features/auth/client/use-error-message';
import { Link } from '@/lib/i18n/navigation';
import type { UserList } from '../user-summary';
import { CreateUserForm } from './create-user-form';
import { Pager } from './pager';
import { StatusBadge } from './status-badge';
import { useAdminApi } from './use-admin-api';

const PER_PAGE = 25;

/** /admin: every account, one server page at a time, searchable by address, phone, name or id. */
export function UsersView() {
  const t = useTranslations('admin.users');
  const tc = useTranslations('admin');
  const format = useFormatter();
  const toMessage = useErrorMessage();
  const api = useAdminApi();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<'created_at desc' | 'created_at asc'>('created_at desc');
  const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), query, sort });
  const list = useQuery({
    queryKey: ['admin-users', query, page, sort],
    queryFn: ({ signal }) => api<UserList>(`/api/admin/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  }

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('lead')}</p>
      </header>
      <CreateUserForm />
      <div className="flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={search} className="flex min-w-0 flex-1 gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            {t('searchLabel')}
          </label>
          <Input
            id="admin-user-search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('searchPlaceholder')}
            className="min-w-0 flex-1"
            data-testid="user-search"
          />
          <Button type="submit" data-testid="user-search-submit">
            <Search aria-hidden />
            {t('search')}
          </Button>
        </form>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('sort')}</span>
          <select
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as typeof sort);
              setPage(1);
            }}
            className="h-10 rounded-md border border-border bg-card px-3 text-sm"
            data-testid="user-sort"
          >
            <option value="created_at desc">{t('newest')}</option>
            <option value="created_at asc">{t('oldest')}</option>
          </select>
        </label>
      </div>

      {list.isPending ? (
        <LoadingCards label={tc('loading')} count={4} className="h-12" testId="users-loading" />
      ) : list.isError ? (
        <LoadError message={toMessage(list.error).message} retryLabel={tc('retry')} onRetry={() => void list.refetch()} testId="users-error" />
      ) : list.data.users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-testid="users-empty">
          {query ? t('noMatch', { query }) : t('empty')}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border bg-card" aria-busy={list.isFetching}>
            <table className="w-full min-w-[640px] text-left text-sm" data-testid="users-table">
              <caption className="sr-only">{t('title')}</caption>
              <thead className="border-b border-border text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">{t('account')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('status')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('plan')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('created')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('lastSignIn')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.users.map((user) => (
                  <tr key={user.id} className="border-b border-border/60 last:border-0" data-testid="user-row" data-user-id={user.id}>
                    <td className="max-w-72 px-4 py-3">
                      <Link href={`/admin/users/${user.id}`} className="block truncate font-medium text-primary underline-offset-2 hover:underline" data-testid="user-link">
                        {user.email ?? (user.phone ? `+${user.phone}` : user.id)}
                      </Link>
                      {user.name ? <span className="block truncate text-xs text-muted-foreground">{user.name}</span> : null}
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={user.status} label={tc(`status.${user.status}`)} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap" data-testid="user-plan">
                      {tc(`plans.${user.plan.id as 'free'}`)}
                      {user.plan.complimentary_until ? <span className="ml-1 text-xs text-muted-foreground">({tc('complimentary')})</span> : null}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{format.dateTime(new Date(user.created_at), { dateStyle: 'medium' })}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {user.last_sign_in_at ? format.dateTime(new Date(user.last_sign_in_at), { dateStyle: 'medium', timeStyle: 'short' }) : t('never')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={list.data.page} perPage={list.data.per_page} total={list.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
