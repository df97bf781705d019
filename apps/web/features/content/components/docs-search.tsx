'use client';

import type MiniSearch from 'minisearch';
import { Search } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import type { SearchDocument } from '../docs';

type Hit = { id: string; title: string; headings: string };
type IndexState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; index: MiniSearch<SearchDocument> };

/** Loaded on first use: the search library and the index only cost bytes when someone searches. */
async function loadIndex(locale: string): Promise<MiniSearch<SearchDocument>> {
  const [{ default: MiniSearchClass }, { tokenize }, response] = await Promise.all([
    import('minisearch'),
    import('@/lib/search/tokenize'),
    fetch(`/docs-index/${locale}`),
  ]);
  if (!response.ok) throw new Error(`docs index answered ${response.status}`);
  const index = new MiniSearchClass<SearchDocument>({
    fields: ['title', 'headings', 'text'],
    storeFields: ['title', 'headings'],
    tokenize,
    searchOptions: { boost: { title: 4, headings: 2 }, prefix: true, fuzzy: (term) => (/^[a-z]{5,}$/.test(term) ? 0.2 : false) },
  });
  index.addAll((await response.json()) as SearchDocument[]);
  return index;
}

export function DocsSearch() {
  const t = useTranslations('docs');
  const locale = useLocale();
  const router = useRouter();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<IndexState>({ status: 'idle' });
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, [contenteditable="true"]');
      if (event.key === '/' && !typing) {
        event.preventDefault();
        inputRef.current?.focus();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function ensureIndex() {
    if (state.status === 'ready' || state.status === 'loading') return;
    setState({ status: 'loading' });
    loadIndex(locale).then(
      (index) => setState({ status: 'ready', index }),
      () => setState({ status: 'failed' }),
    );
  }

  const hits: Hit[] = state.status === 'ready' && query.trim() ? (state.index.search(query.trim()).slice(0, 8) as unknown as Hit[]) : [];
  const open = query.trim().length > 0;

  function go(hit: Hit | undefined) {
    if (!hit) return;
    setQuery('');
    router.push(`/docs/${hit.id}`);
  }

  return (
    <div className="relative" role="search">
      <label htmlFor={`${listId}-input`} className="sr-only">
        {t('search')}
      </label>
      <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && hits[active] ? `${listId}-${active}` : undefined}
        aria-describedby={`${listId}-hint`}
        placeholder={t('searchPlaceholder')}
        value={query}
        onFocus={ensureIndex}
        onChange={(event) => {
          ensureIndex();
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => Math.min(i + 1, Math.max(hits.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            go(hits[active]);
          } else if (event.key === 'Escape') {
            setQuery('');
          }
        }}
        className="h-9 w-full rounded-md border border-border bg-card pr-3 pl-8 text-sm placeholder:text-muted-foreground"
        data-testid="docs-search"
      />
      <p id={`${listId}-hint`} className="sr-only">
        {t('searchHint')}
      </p>
      {open ? (
        <div className="absolute inset-x-0 top-11 z-20 rounded-md border border-border bg-card p-1 shadow-lg">
          {state.status === 'loading' || state.status === 'idle' ? (
            <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
              {t('searching')}
            </p>
          ) : state.status === 'failed' ? (
            <p className="px-3 py-2 text-sm text-destructive" role="alert">
              {t('searchFailed')}
            </p>
          ) : hits.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
              {t('noResults', { query: query.trim() })}
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label={t('results', { count: hits.length })} data-testid="docs-search-results">
            {hits.map((hit, i) => (
              <li
                key={hit.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(hit)}
                onMouseEnter={() => setActive(i)}
                className="cursor-pointer rounded-sm px-3 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
              >
                <span className="block font-medium">{hit.title}</span>
                {hit.headings ? <span className="block truncate text-xs text-muted-foreground">{hit.headings}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
