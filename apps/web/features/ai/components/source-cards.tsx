'use client';

import type { Paper } from '@citewise/scholar';
import { AlertTriangle, BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

import type { FlaggedCitation, RetrieverResource } from '@/features/ai/types';
import { useApi } from '@/lib/api/use-api';

/** The papers an answer cites, one numbered card each, and the references no source confirmed. */
export function SourceCards({ anchor, resources, flagged }: { anchor: string; resources: RetrieverResource[]; flagged: FlaggedCitation[] }) {
  const t = useTranslations('aiChat.sources');
  if (!resources.length && !flagged.length) return null;
  return (
    <aside aria-label={t('label')} className="space-y-2" data-testid="sources">
      {resources.length > 0 && (
        <ol className="space-y-2">
          {resources.map((r) => (
            <li
              key={r.position}
              id={`${anchor}-${r.position}`}
              tabIndex={-1}
              className="rounded-md border bg-card p-3 text-sm focus:outline-2 focus:outline-ring"
              data-testid="source-card"
            >
              <p className="font-medium">
                <span className="mr-1 text-muted-foreground">[{r.position}]</span>
                {r.url ? (
                  <a href={r.url} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:underline" data-testid="source-title">
                    {r.title ?? r.document_name}
                  </a>
                ) : (
                  <span data-testid="source-title">{r.title ?? r.document_name}</span>
                )}
              </p>
              <p className="mt-1 text-muted-foreground">
                {[r.authors?.slice(0, 3).join(', ') + ((r.authors?.length ?? 0) > 3 ? ' et al.' : ''), r.year, r.venue].filter(Boolean).join(' · ')}
              </p>
              {r.content && (
                <blockquote className="mt-2 line-clamp-4 border-l-2 pl-2 text-muted-foreground" data-testid="source-passage">
                  {r.content}
                </blockquote>
              )}
              {r.paper_id && <SaveSource paperId={r.paper_id} />}
            </li>
          ))}
        </ol>
      )}
      {flagged.length > 0 && (
        <div className="rounded-md border border-amber-500/60 p-3 text-sm" data-testid="flagged">
          <p className="flex items-center gap-1 font-medium">
            <AlertTriangle className="size-4" aria-hidden />
            {t('flagged')}
          </p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {flagged.map((f, i) => (
              <li key={i} data-testid="flagged-item" data-reason={f.reason}>
                {f.reason === 'unknown_marker'
                  ? t('unknownMarker', { marker: f.text })
                  : f.reason === 'unknown_author_year'
                    ? t('unknownAuthorYear', { citation: f.text })
                    : t('unverifiedReference', { reference: f.text })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}

/** Saves a cited paper of the corpus to the library: its full record first, then the library API. */
function SaveSource({ paperId }: { paperId: string }) {
  const t = useTranslations('aiChat.sources');
  const errors = useTranslations('errors');
  const api = useApi();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  async function save() {
    setState('saving');
    try {
      const { paper } = await api.fetch<{ paper: Paper }>(`/api/scholar/papers/${paperId.split('/').map(encodeURIComponent).join('/')}`);
      await api.fetch('/api/library/papers', { body: { paper } });
      setState('saved');
    } catch (error) {
      // Already in the library counts as saved.
      setState((error as { code?: string }).code === 'conflict' ? 'saved' : 'failed');
    }
  }
  if (state === 'saved') {
    return (
      <p className="mt-2 flex items-center gap-1 text-sm" data-testid="source-saved">
        <BookmarkCheck className="size-4 text-success" aria-hidden />
        {t('saved')}
      </p>
    );
  }
  return (
    <div className="mt-2 flex items-center gap-2">
      <Button type="button" size="sm" variant="outline" onClick={save} disabled={state === 'saving'} data-testid="source-save">
        <BookmarkPlus aria-hidden />
        {t('save')}
      </Button>
      {state === 'failed' && (
        <span role="status" className="text-destructive">
          {errors('internal_error')}
        </span>
      )}
    </div>
  );
}
