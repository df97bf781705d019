'use client';

import type { Paper } from '@citewise/scholar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { LimitUpgradeLink } from '@/features/entitlements/components/limit-upgrade-link';
import type { SearchPage } from '../server/search-page-type';

import { useErrorText } from '@/hooks/use-error-message';
import { useSavedOnPage } from '@/features/papers/client/use-saved-on-page';
import { searchFromUrl, searchToUrl, yearRangeReversed, type SearchLocation } from '../client/search-url';
import { useResearchSelection } from '../client/use-research-selection';
import type { StyleOption } from '@/features/papers/types';
import { PaperPanel } from '@/features/papers/components/paper-panel';
import { ResultList } from './result-list';
import { SaveButton } from '@/features/papers/components/save-button';
import { SelectionBar } from './selection-bar';
import { emptySearch, SearchForm, searchQueryString } from './search-form';
import { SourceStatusList } from './source-status';
import { TranslationNote } from './translation-note';
import { useApi } from '@/lib/api/use-api';

/** A paper id as a path under /api/scholar/papers/ (ids such as `doi:10.1000/x` span segments). */
const paperPath = (id: string) => id.split('/').map(encodeURIComponent).join('/');

/**
 * Search, filters, results with per-source status, pagination, a paper panel and the export of a selection. The
 * search, its page and the open paper live in the address bar (client/search-url.ts): each search, page and opened
 * paper is a history entry, so Back steps through them and a reload or a shared link shows the same.
 */
export function SearchView({ sources, styles }: { sources: string[]; styles: StyleOption[] }) {
  const t = useTranslations('research.results');
  const api = useApi();
  const errorText = useErrorText();
  const url = useSearchParams();
  const location = useMemo(() => searchFromUrl(new URLSearchParams(url.toString()), sources), [url, sources]);
  const { params, page } = location;
  const [selected, setSelected] = useResearchSelection();
  // The paper last opened from a result, so its panel shows at once (and a result of an online source, which the
  // papers API cannot give back, stays open).
  const [clicked, setClicked] = useState<Paper | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Whether the open panel's history entry was pushed here: closing it then steps back instead of adding an entry.
  const openedHere = useRef(false);

  // Next.js keeps useSearchParams in step with the History API.
  function navigate(next: SearchLocation, how: 'push' | 'replace' = 'push') {
    const query = searchToUrl(next);
    window.history[how === 'push' ? 'pushState' : 'replaceState'](null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }

  const search = useQuery({
    queryKey: ['scholar-search', params, page],
    queryFn: ({ signal }) => api.fetch<SearchPage>(`/api/scholar/search?${searchQueryString(params!, page)}`, { signal }),
    // A reversed year range (from a hand-made link) is marked in the form rather than sent to be refused.
    enabled: params !== null && !yearRangeReversed(params),
    placeholderData: keepPreviousData,
  });
  const matched = useMemo(() => new Set(search.data?.matched ?? []), [search.data]);
  const pagePapers = useMemo(() => (search.data?.results ?? []).map((hit) => hit.paper), [search.data]);
  const savedKnown = useSavedOnPage(pagePapers);

  const fromPage = search.data?.results.find((hit) => hit.paper.id === location.paper)?.paper;
  const known = fromPage ?? (clicked?.id === location.paper ? clicked : undefined);
  const fetched = useQuery({
    queryKey: ['scholar-paper', location.paper],
    queryFn: ({ signal }) => api.fetch<{ paper: Paper }>(`/api/scholar/papers/${paperPath(location.paper!)}`, { signal }),
    enabled: location.paper !== null && !known && !search.isFetching,
  });
  const open = location.paper ? (known ?? fetched.data?.paper ?? null) : null;

  function closePaper() {
    // Closed by Back: the address already has no paper.
    if (location.paper && openedHere.current) window.history.back();
    else if (location.paper) navigate({ ...location, paper: null }, 'replace');
    openedHere.current = false;
  }

  function goTo(next: number) {
    navigate({ params, page: next, paper: null });
    heading.current?.focus();
  }

  function toggle(paper: Paper, on: boolean) {
    toggleAll([paper], on);
  }

  function toggleAll(papers: readonly Paper[], on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const paper of papers) {
        if (on) next.set(paper.id, paper);
        else next.delete(paper.id);
      }
      return next;
    });
  }
  const pageSelected = pagePapers.filter((paper) => selected.has(paper.id)).length;

  const data = search.data;
  return (
    <div className="grid gap-3 sm:gap-4">
      <SearchForm
        initial={params ?? emptySearch}
        sources={sources}
        busy={search.isFetching}
        searched={params !== null}
        onSearch={(next) => navigate({ params: next, page: 1, paper: null })}
      />

      <section aria-labelledby="results-title" aria-busy={search.isFetching} className="grid gap-2 sm:gap-3">
        <h2 id="results-title" ref={heading} tabIndex={-1} className="sr-only">
          {t('title')}
        </h2>
        {params === null || yearRangeReversed(params) ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="search-intro">
            {t('intro')}
          </p>
        ) : search.isPending ? (
          <LoadingCards label={t('loading')} count={3} className="h-28" testId="search-loading" />
        ) : search.isError ? (
          <LoadError
            message={errorText(search.error)}
            retryLabel={t('retry')}
            onRetry={() => void search.refetch()}
            testId="search-error"
            action={<LimitUpgradeLink error={search.error} />}
          />
        ) : data ? (
          <>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="results-summary-row">
              {data.results.length > 0 ? (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--primary)]"
                    checked={pageSelected === pagePapers.length}
                    ref={(box) => {
                      if (box) box.indeterminate = pageSelected > 0 && pageSelected < pagePapers.length;
                    }}
                    onChange={(event) => toggleAll(pagePapers, event.target.checked)}
                    data-testid="select-page"
                  />
                  {t('selectPage')}
                </label>
              ) : null}
              <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="results-summary" data-query={data.query}>
                {data.results.length === 0
                  ? t('none', { query: data.query })
                  : t('showing', { from: (data.page - 1) * data.pageSize + 1, to: (data.page - 1) * data.pageSize + data.results.length })}
              </p>
              {/* What else was searched sits in this row: on a wide screen it costs no line of results. */}
              {data.translation ? (
                <TranslationNote
                  translation={data.translation}
                  onTranslationOff={() => navigate({ params: { ...params!, translate: false }, page: 1, paper: null })}
                />
              ) : params && !params.translate ? (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground" data-testid="translation-note">
                  <p>{t('translationIsOff')}</p>
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    onClick={() => navigate({ params: { ...params, translate: true }, page: 1, paper: null })}
                    data-testid="translation-on"
                  >
                    {t('translationOn')}
                  </Button>
                </div>
              ) : null}
              <SourceStatusList statuses={data.sources} />
            </div>
            {data.results.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="search-empty">
                {t('emptyHint')}
              </p>
            ) : (
              <ResultList
                hits={data.results}
                matched={matched}
                offset={(data.page - 1) * data.pageSize}
                selected={selected}
                styles={styles}
                savedKnown={savedKnown}
                onToggle={toggle}
                onOpen={(paper) => {
                  setClicked(paper);
                  openedHere.current = true;
                  navigate({ ...location, paper: paper.id });
                }}
              />
            )}
            {data.page > 1 || data.hasMore ? (
              <nav aria-label={t('pages')} className="flex items-center justify-between gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={data.page <= 1 || search.isFetching}
                  onClick={() => goTo(data.page - 1)}
                  data-testid="previous-page"
                >
                  <ChevronLeft aria-hidden />
                  {t('previous')}
                </Button>
                <span className="text-sm text-muted-foreground">{t('page', { page: data.page })}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={!data.hasMore || search.isFetching}
                  onClick={() => goTo(data.page + 1)}
                  data-testid="next-page"
                >
                  {t('next')}
                  <ChevronRight aria-hidden />
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </section>

      {selected.size > 0 ? <SelectionBar selected={selected} styles={styles} onClear={() => setSelected(new Map())} /> : null}

      <PaperPanel paper={open} styles={styles} onClose={closePaper}>
        {open ? <SaveButton key={open.id} paper={open} /> : null}
      </PaperPanel>
    </div>
  );
}
