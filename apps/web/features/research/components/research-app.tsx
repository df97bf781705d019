'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { StyleOption } from '../limits';
import { AskView } from './ask-view';
import { CheckReferences } from './check-references';
import { SearchView } from './search-view';

const tabs = ['search', 'ask', 'check'] as const;

/** The /ai/research tool: literature search, a question to the research assistant, and the reference checker, as tabs. */
export function ResearchApp({ sources, styles }: { sources: string[]; styles: StyleOption[] }) {
  const t = useTranslations('research.tabs');
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const [tab, setTab] = useState<(typeof tabs)[number]>('search');
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Tab moves into the panel.
  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    setTab(next);
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
            onClick={() => setTab(id)}
            className={clsx('rounded-md px-4 py-2 text-sm font-medium transition-colors', tab === id ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
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
        <AskView />
      </div>
      <div role="tabpanel" id="panel-check" aria-labelledby="tab-check" hidden={tab !== 'check'}>
        <CheckReferences styles={styles} />
      </div>
    </QueryClientProvider>
  );
}
