'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { useErrorMessage } from '@/hooks/use-error-message';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import type { UserList } from '../user-summary';
import { CreateUserForm } from './create-user-form';
import { Pager } from './pager';
import { StatusBadge } from './status-badge';
import { useAdminApi } from './use-admin-api';
import { adminDateTime } from '../date-format';

const PER_PAGE = 25;
const SORTS = ['created_at desc', 'created_at asc'] as const;
const FILTERS = ['plan', 'status', 'provider', 'two_step'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /admin/users: every account, one server page at a time, searchable by address, phone, name or id and filtered by
 * plan, status, sign-in provider and two-step. Search, filters, order and page live in the address, so a list can
 * be shared, reloaded and gone back to.
 */
export function UsersView({ providers }: { providers: { id: string; name: string }[] }) {
  const t = useTranslations('admin.users');
  const tc = useTranslations('admin');
  const format = useFormatter();
  const toMessage = useErrorMessage();
  const api = useAdminApi();
  const router = useRouter();
  const pathname = usePathname();
  const addressParams = useSearchParams().toString();
  // The address asked for while the router has not shown it yet (it replaces the address in a transition): the
  // page reflects it at once and a second change right after a first builds on it. Any other address change
  // (the router catching up, back and forward) makes the address the truth again.
  const [pending, setPending] = useState<{ search: string; from: string } | null>(null);
  const current = pending && pending.from === addressParams ? pending.search : addressParams;
  const searchParams = new URLSearchParams(current);
  const query = searchParams.get('query')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const sortParam = searchParams.get('sort');
  const sort = SORTS.find((value) => value === sortParam) ?? SORTS[0];
  const filters = Object.fromEntries(FILTERS.map((name) => [name, searchParams.get(name) ?? ''])) as Record<Filter, string>;
  const [draft, setDraft] = useState(query);
  const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), query, sort });
  for (const name of FILTERS) if (filters[name]) params.set(name, filters[name]);
  const filtered = FILTERS.some((name) => filters[name]);
  const list = useQuery({
    queryKey: ['admin-users', params.toString()],
    queryFn: ({ signal }) => api<UserList>(`/api/admin/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

  /** Changes the address (and so the list); any change but paging starts again at page 1. */
  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(current);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    if (next.get('page') === '1') next.delete('page');
    if (next.get('sort') === SORTS[0]) next.delete('sort');
    const search = next.toString();
    setPending({ search, from: addressParams });
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  }

  function search(event: FormEvent) {
    event.preventDefault();
    update({ query: draft.trim() });
  }

  const select = 'h-10 rounded-md border border-border bg-card px-3 text-sm';
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
          <select value={sort} onChange={(event) => update({ sort: event.target.value })} className={select} data-testid="user-sort">
            <option value="created_at desc">{t('newest')}</option>
            <option value="created_at asc">{t('oldest')}</option>
          </select>
        </label>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3" data-testid="user-filters">
        <legend className="sr-only">{t('filters')}</legend>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('plan')}</span>
          <select value={filters.plan} onChange={(event) => update({ plan: event.target.value })} className={select} data-testid="filter-plan">
            <option value="">{t('any')}</option>
            {(['free', 'pro', 'team'] as const).map((plan) => (
              <option key={plan} value={plan}>
                {tc(`plans.${plan}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('status')}</span>
          <select value={filters.status} onChange={(event) => update({ status: event.target.value })} className={select} data-testid="filter-status">
            <option value="">{t('any')}</option>
            {(['active', 'unconfirmed', 'banned', 'deleted'] as const).map((status) => (
              <option key={status} value={status}>
                {tc(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('provider')}</span>
          <select value={filters.provider} onChange={(event) => update({ provider: event.target.value })} className={select} data-testid="filter-provider">
            <option value="">{t('any')}</option>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('twoStep')}</span>
          <select value={filters.two_step} onChange={(event) => update({ two_step: event.target.value })} className={select} data-testid="filter-two-step">
            <option value="">{t('any')}</option>
            <option value="yes">{t('twoStepYes')}</option>
            <option value="no">{t('twoStepNo')}</option>
          </select>
        </label>
        {filtered ? (
          <Button type="button" variant="ghost" onClick={() => update(Object.fromEntries(FILTERS.map((name) => [name, ''])))} data-testid="filters-clear">
            {t('clearFilters')}
          </Button>
        ) : null}
      </fieldset>

      {list.isPending ? (
        <LoadingCards label={tc('loading')} count={4} className="h-12" testId="users-loading" />
      ) : list.isError ? (
        <LoadError message={toMessage(list.error).message} retryLabel={tc('retry')} onRetry={() => void list.refetch()} testId="users-error" />
      ) : list.data.users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-testid="users-empty">
          {query ? t('noMatch', { query }) : filtered ? t('noFilterMatch') : t('empty')}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border bg-card" aria-busy={list.isFetching}>
            <table className="w-full min-w-[640px] text-left text-sm" data-testid="users-table">
              <caption className="sr-only">{t('title')}</caption>
              <thead className="border-b border-border text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('account')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('status')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('plan')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('created')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('lastSignIn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.users.map((user) => (
                  <tr key={user.id} className="border-b border-border/60 last:border-0" data-testid="user-row" data-user-id={user.id}>
                    <td className="max-w-72 px-4 py-3">
                      <Link
                        href={`/admin/users/${user.id}`}
                        className="block truncate font-medium text-primary underline-offset-2 hover:underline"
                        data-testid="user-link"
                      >
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
                      {user.last_sign_in_at ? format.dateTime(new Date(user.last_sign_in_at), adminDateTime) : t('never')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={list.data.page} perPage={list.data.per_page} total={list.data.total} onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </div>
  );
}
