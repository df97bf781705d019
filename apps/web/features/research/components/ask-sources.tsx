'use client';

import { Library, TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { FlaggedCitation, RetrieverResource } from '@/features/ai/client/dify-types';

export const sourceAnchor = (position: number) => `ask-source-${position}`;

/** The papers the answer cites, one card per marker, and the references the citation check could not verify. */
export function AskSources({ resources, flagged }: { resources: RetrieverResource[]; flagged: FlaggedCitation[] }) {
  const t = useTranslations('research.ask');
  return (
    <div className="grid gap-4">
      {flagged.length > 0 ? (
        <div className="grid gap-2 rounded-lg border border-destructive/50 p-3 text-sm" data-testid="ask-flagged">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
            {t('flaggedTitle', { count: flagged.length })}
          </p>
          <ul className="grid gap-1">
            {flagged.map((item, i) => (
              <li key={i} data-testid="ask-flagged-item">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{item.text}</span>{' '}
                <span className="text-muted-foreground">— {item.reason === 'unknown_marker' ? t('flaggedMarker') : t('flaggedReference')}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h3 className="text-sm font-semibold">{t('sourcesTitle', { count: resources.length })}</h3>
      {resources.length === 0 ? <p className="text-sm text-muted-foreground">{t('noSources')}</p> : null}
      <ol className="grid gap-3">
        {resources.map((resource) => (
          <li key={resource.position} id={sourceAnchor(resource.position)} tabIndex={-1} className="scroll-mt-24 rounded-lg border border-border p-3 text-sm target:ring-2 target:ring-primary" data-testid="ask-source">
            <p className="font-medium">
              <span className="mr-1 text-primary">[{resource.position}]</span>
              {resource.url ? (
                <a href={resource.url} target="_blank" rel="noopener noreferrer" className="underline-offset-2 hover:underline">
                  {resource.title ?? resource.document_name}
                </a>
              ) : (
                (resource.title ?? resource.document_name)
              )}
            </p>
            {resource.library_entry_id ? (
              <p className="mt-1 flex w-fit items-center gap-1 rounded-sm bg-muted px-1.5 py-0.5 text-xs" data-testid="ask-source-library">
                <Library aria-hidden className="size-3.5" />
                {t('inLibrary')}
              </p>
            ) : null}
            <p className="text-xs text-muted-foreground">{[resource.authors?.slice(0, 3).join(', '), resource.year, resource.venue, resource.doi ? `doi:${resource.doi}` : null].filter(Boolean).join(' · ')}</p>
            {resource.content ? <blockquote className="mt-2 border-l-2 border-border pl-3 text-muted-foreground">{resource.content}</blockquote> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
