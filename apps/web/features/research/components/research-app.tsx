'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { StyleOption } from '@/features/papers/types';
import { CheckReferences } from './check-references';
import { PanelShowing } from '@/hooks/use-panel-showing';
import { SearchView } from './search-view';

const tabs = ['search', 'ask', 'check'] as const;
export type ResearchTab = (typeof tabs)[number];

type Props = {
  sources: string[];
  styles: StyleOption[];
  /** The tab the address named. */
  tab: ResearchTab;
  /** Each tab's address in the page's language; Ask's conversations are under its path. */
  paths: Record<ResearchTab, string>;
  /** The Ask tab's content, rendered by the page (the AI chat's, from features/ai): it reads whether it shows from PanelShowing. */
  askPanel: ReactNode;
};

/** The tab an address shows: Ask's path and its conversations, the check path, else search. */
function tabOfPath(pathname: string, paths: Props['paths']): ResearchTab {
  if (pathname === paths.ask || pathname.startsWith(`${paths.ask}/`)) return 'ask';
  return pathname === paths.check ? 'check' : 'search';
}

/**
 * The /ai/research tool: literature search, questions to the research assistant, and the reference checker, as
 * tabs. The tab is in the address (the search's query string stays with every tab), so a reload, Back and a
 * shared link show the same tab.
 */
export function ResearchApp({ sources, styles, tab: initialTab, paths, askPanel }: Props) {
  const t = useTranslations('research.tabs');
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const [tab, setTab] = useState<ResearchTab>(initialTab);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    const onPopState = () => setTab(tabOfPath(window.location.pathname, paths));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [paths]);

  function select(next: ResearchTab) {
    if (next === tab) return;
    setTab(next);
    // Ask puts its open conversation after its path once it shows (use-conversation-url.ts).
    window.history.pushState(null, '', `${paths[next]}${window.location.search}`);
  }

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Tab moves into the panel.
  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    select(next);
    buttons.current[tabs.indexOf(next)]?.focus();
  }

  return (
    <QueryClientProvider client={queryClient}>
      <div role="tablist" aria-label={t('label')} className="mb-3 inline-flex rounded-lg border border-border bg-card p-1" onKeyDown={onKeyDown}>
        {tabs.map((id, i) => (
          <button
            key={id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            className={clsx(
              'rounded-md px-4 py-2 text-sm font-medium transition-colors',
              tab === id ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
            data-testid={`tab-${id}`}
          >
            {t(id)}
          </button>
        ))}
      </div>
      {/* The panels stay mounted so a search, an answer and a check survive switching tabs. */}
      <div role="tabpanel" id="panel-search" aria-labelledby="tab-search" hidden={tab !== 'search'}>
        <SearchView sources={sources} styles={styles} />
      </div>
      <div role="tabpanel" id="panel-ask" aria-labelledby="tab-ask" hidden={tab !== 'ask'}>
        <PanelShowing.Provider value={tab === 'ask'}>{askPanel}</PanelShowing.Provider>
      </div>
      <div role="tabpanel" id="panel-check" aria-labelledby="tab-check" hidden={tab !== 'check'}>
        <CheckReferences styles={styles} />
      </div>
    </QueryClientProvider>
  );
}
