'use client';

import { clsx } from 'clsx';
import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { searchToUrl, yearRangeReversed, type SearchParams } from '../client/search-url';

export type { SearchParams };

export const emptySearch: SearchParams = { q: '', sort: 'relevance', yearFrom: '', yearTo: '', sources: [], hasAbstract: false, language: '', translate: true };

/** The query string of a search (page 1 unless given). */
export function searchQueryString(params: SearchParams, page: number): string {
  const query = new URLSearchParams({ q: params.q, sort: params.sort, page: String(page) });
  if (params.yearFrom) query.set('yearFrom', params.yearFrom);
  if (params.yearTo) query.set('yearTo', params.yearTo);
  if (params.sources.length) query.set('sources', params.sources.join(','));
  if (params.hasAbstract) query.set('hasAbstract', 'true');
  if (params.language) query.set('language', params.language);
  if (!params.translate) query.set('translate', 'off');
  return query.toString();
}

/** Whether a key press is typing into a field (where `/` is a character, not a shortcut). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The search box with its filters; answers the submitted values. `initial` is the search in the address bar: when
 * it changes (Back, a shared link) the fields show it. The box is focused on arrival and by `/`.
 */
export function SearchForm({
  initial,
  sources,
  busy,
  searched,
  onSearch,
}: {
  initial: SearchParams;
  sources: string[];
  busy: boolean;
  /** A search has run: the filters fold behind their switch beside the box (open on demand) so the results start higher. */
  searched: boolean;
  onSearch: (params: SearchParams) => void;
}) {
  const t = useTranslations('research.search');
  const [draft, setDraft] = useState(initial);
  const initialKey = searchToUrl({ params: initial, page: 1, paper: null });
  const [shown, setShown] = useState(initialKey);
  if (shown !== initialKey) {
    setShown(initialKey);
    setDraft(initial);
  }
  const input = useRef<HTMLInputElement>(null);
  const set = <K extends keyof SearchParams>(key: K, value: SearchParams[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const reversed = yearRangeReversed(draft);
  const active = [
    draft.yearFrom || draft.yearTo,
    draft.sort !== 'relevance',
    draft.sources.length > 0,
    draft.hasAbstract,
    draft.language,
    !draft.translate,
  ].filter(Boolean).length;
  const [filtersOpen, setFiltersOpen] = useState(!searched);
  const [wasSearched, setWasSearched] = useState(searched);
  if (wasSearched !== searched) {
    setWasSearched(searched);
    setFiltersOpen(!searched);
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      // Not while a dialog (the paper panel) is open, or the search box behind it is hidden.
      if (!input.current || input.current.offsetParent === null || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reversed) return;
    if (draft.q.trim()) onSearch({ ...draft, q: draft.q.trim() });
  }

  const open = filtersOpen || reversed;
  return (
    <form onSubmit={submit} role="search" className="grid gap-2" data-testid="search-form">
      {/* One row on every width: the box, the filters switch and Search, so the results start right under it. */}
      <div className="flex gap-2">
        <label htmlFor="research-query" className="sr-only">
          {t('label')}
        </label>
        <input
          ref={input}
          id="research-query"
          type="search"
          // The page exists to search: the box is where a person starts (and `/` brings them back).
          autoFocus
          aria-keyshortcuts="/"
          className={`${inputClasses} h-11 min-w-0 flex-1 text-base`}
          placeholder={t('placeholder')}
          value={draft.q}
          onChange={(event) => set('q', event.target.value)}
          maxLength={500}
          autoComplete="off"
          required
          data-testid="search-input"
        />
        <button
          type="button"
          className={cn(buttonVariants({ variant: 'outline' }), 'h-11 shrink-0 px-3')}
          aria-expanded={open}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen(!open)}
          data-testid="filters-toggle"
        >
          <SlidersHorizontal className="text-muted-foreground" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('filters')}</span>
          {active > 0 ? (
            <span className="rounded-full bg-primary/10 px-2 text-xs text-primary" data-testid="filters-active">
              {t('filtersActive', { count: active })}
            </span>
          ) : null}
          <ChevronDown className={clsx('hidden text-muted-foreground transition-transform sm:block', open && 'rotate-180')} aria-hidden />
        </button>
        <button type="submit" className={cn(buttonVariants(), 'h-11 shrink-0 px-3 sm:px-5')} disabled={busy || reversed} data-testid="search-submit">
          <Search aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('submit')}</span>
        </button>
      </div>
      <div id="search-filters" hidden={!open} className="rounded-lg border border-border bg-card/60 text-sm" data-testid="filters" data-open={open}>
        <fieldset className="grid gap-3 p-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">{t('filters')}</legend>
          <div className="flex items-center gap-2">
            <label className="grid flex-1 gap-1">
              <span className="text-muted-foreground">{t('yearFrom')}</span>
              <input
                className={`${inputClasses} h-9`}
                inputMode="numeric"
                pattern="[0-9]{4}"
                maxLength={4}
                value={draft.yearFrom}
                onChange={(event) => set('yearFrom', event.target.value)}
                aria-invalid={reversed || undefined}
                aria-describedby={reversed ? 'year-range-error' : undefined}
                data-testid="year-from"
              />
            </label>
            <label className="grid flex-1 gap-1">
              <span className="text-muted-foreground">{t('yearTo')}</span>
              <input
                className={`${inputClasses} h-9`}
                inputMode="numeric"
                pattern="[0-9]{4}"
                maxLength={4}
                value={draft.yearTo}
                onChange={(event) => set('yearTo', event.target.value)}
                aria-invalid={reversed || undefined}
                aria-describedby={reversed ? 'year-range-error' : undefined}
                data-testid="year-to"
              />
            </label>
          </div>
          {reversed ? (
            <p id="year-range-error" role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-4" data-testid="year-range-error">
              {t('yearRange')}
            </p>
          ) : null}
          <label className="grid gap-1">
            <span className="text-muted-foreground">{t('sort')}</span>
            <select
              className={`${inputClasses} h-9`}
              value={draft.sort}
              onChange={(event) => set('sort', event.target.value as SearchParams['sort'])}
              data-testid="sort"
            >
              <option value="relevance">{t('relevance')}</option>
              <option value="newest">{t('newest')}</option>
            </select>
          </label>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-muted-foreground">{t('sources')}</legend>
            <div className="flex flex-wrap gap-x-3 gap-y-1">
              {sources.map((source) => (
                <label key={source} className="inline-flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--primary)]"
                    checked={draft.sources.length === 0 || draft.sources.includes(source)}
                    onChange={(event) => {
                      const current = draft.sources.length === 0 ? sources : draft.sources;
                      const next = event.target.checked ? [...current, source] : current.filter((s) => s !== source);
                      // All sources (or none left ticked) means "every switched-on source".
                      set('sources', next.length === sources.length || next.length === 0 ? [] : next);
                    }}
                  />
                  {t(`source.${source as 'local'}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="inline-flex items-center gap-2 self-end pb-2">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={draft.hasAbstract}
              onChange={(event) => set('hasAbstract', event.target.checked)}
              data-testid="has-abstract"
            />
            {t('hasAbstract')}
          </label>
          <label className="grid gap-1">
            <span className="text-muted-foreground">{t('language')}</span>
            <select
              className={`${inputClasses} h-9`}
              value={draft.language}
              onChange={(event) => set('language', event.target.value as SearchParams['language'])}
              data-testid="language"
            >
              <option value="">{t('languageAll')}</option>
              <option value="en" lang="en">
                {t('languageEn')}
              </option>
              <option value="zh" lang="zh">
                {t('languageZh')}
              </option>
            </select>
          </label>
          <label className="inline-flex items-center gap-2 self-end pb-2 sm:col-span-2 lg:col-span-3">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={draft.translate}
              onChange={(event) => set('translate', event.target.checked)}
              data-testid="translate"
            />
            {t('translate')}
          </label>
        </fieldset>
      </div>
    </form>
  );
}
