'use client';

import { useSearchParams } from 'next/navigation';

/**
 * The research page's heading: the full title and lead on arrival; once a search has run (the address has a query)
 * it is left to screen readers, the tabs name the page, and the results start right under the search box.
 */
export function ResearchHeader({ title, lead }: { title: string; lead: string }) {
  const searched = Boolean(useSearchParams().get('q')?.trim());
  if (searched) {
    return (
      <header className="sr-only" data-testid="research-header" data-compact="true">
        <h1>{title}</h1>
      </header>
    );
  }
  return (
    <header className="mb-4 max-w-3xl space-y-4 sm:mb-6" data-testid="research-header">
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="text-lg text-muted-foreground text-pretty">{lead}</p>
    </header>
  );
}
