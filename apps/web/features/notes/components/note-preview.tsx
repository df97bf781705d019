'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Fragment, useMemo, type ReactNode } from 'react';

import { Markdown } from '@/components/ui/markdown';
import { groupId, markerGroups, splitByMarkers } from '../citation-markers';
import { useDebounced } from '@/hooks/use-debounced';
import type { RenderedCitations } from '../types';
import { useApi } from '@/lib/api/use-api';

/**
 * The note as it reads: sanitised Markdown with maths (the AI chat's renderer), each `[@key]` marker as its
 * in-text citation in the chosen style, and the cited papers' bibliography below. The text updates as one
 * types; the citations follow once typing pauses.
 */
export function NotePreview({ body, style }: { body: string; style: string }) {
  const t = useTranslations('notes.preview');
  const api = useApi();
  const settled = useDebounced(body, 400);
  const groups = useMemo(() => markerGroups(settled), [settled]);
  const rendered = useQuery({
    queryKey: ['note-citations', style, groups],
    queryFn: () => api.fetch<RenderedCitations>('/api/notes/citations', { body: { markers: groups, style } }),
    enabled: groups.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const byGroup = useMemo(() => {
    const map = new Map<string, string | null>();
    if (rendered.data && rendered.isSuccess) groups.forEach((keys, i) => map.set(groupId(keys), rendered.data.citations[i] ?? null));
    return map;
  }, [groups, rendered.data, rendered.isSuccess]);

  const renderText = (text: string): ReactNode =>
    splitByMarkers(text).map((part, i) => {
      if (typeof part === 'string') return <Fragment key={i}>{part}</Fragment>;
      const citation = byGroup.get(groupId(part.keys));
      if (citation) {
        return (
          <span key={i} className="text-primary" title={part.text} data-testid="note-citation">
            {citation}
          </span>
        );
      }
      const unknown = rendered.data?.unknown.some((key) => part.keys.includes(key));
      return (
        <span key={i} className={unknown ? 'underline decoration-destructive decoration-wavy' : undefined} data-testid="note-citation-pending">
          {part.text}
        </span>
      );
    });

  const bibliography = groups.length ? (rendered.data?.bibliography ?? []) : [];
  return (
    <section aria-label={t('label')} className="grid content-start gap-4" data-testid="note-preview">
      {body.trim() ? <Markdown renderText={renderText}>{body}</Markdown> : <p className="text-sm text-muted-foreground">{t('empty')}</p>}
      {rendered.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('failed')}
        </p>
      ) : null}
      {groups.length && rendered.data?.unknown.length ? (
        <p className="text-sm text-destructive" data-testid="note-unknown-keys">
          {t('unknown', { keys: rendered.data.unknown.map((key) => `@${key}`).join(', ') })}
        </p>
      ) : null}
      {bibliography.length ? (
        <div className="grid gap-2 border-t border-border pt-3">
          <h2 className="text-base font-semibold">{t('references')}</h2>
          <ul className="grid gap-2 text-sm" data-testid="note-bibliography">
            {bibliography.map((entry) => (
              <li key={entry.key} className="break-words" data-testid="note-bibliography-entry">
                {entry.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
