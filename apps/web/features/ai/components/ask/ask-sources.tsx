'use client';

import type { Paper } from '@citewise/scholar';
import { Library, Quote, TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FlaggedCitation, RetrieverResource } from '@/features/ai/types';
import { paperOfResource } from '@/features/ai/client/resource-paper';
import { useSavedOnPage } from '@/features/papers/client/use-saved-on-page';
import type { StyleOption } from '@/features/papers/types';
import { CiteBox } from '@/features/papers/components/cite-box';
import { SaveButton } from '@/features/papers/components/save-button';

/** The id of a source card, which the answer's `[n]` links to; unique per answer of the thread. */
export const sourceAnchor = (answerKey: string, position: number) => `ask-source-${answerKey}-${position}`;

type Props = {
  answerKey: string;
  resources: RetrieverResource[];
  uncited: RetrieverResource[];
  flagged: FlaggedCitation[];
  styles: StyleOption[];
  onOpen: (paper: Paper) => void;
};

/**
 * The papers the answer cites, one card per marker, each to open, save and cite; the papers found but not cited,
 * folded; and the citations the check could not verify.
 */
export function AskSources({ answerKey, resources, uncited, flagged, styles, onOpen }: Props) {
  const t = useTranslations('research.ask');
  const papers = useMemo(() => [...resources, ...uncited].map(paperOfResource), [resources, uncited]);
  // One lookup of the library for every card of the answer, not one per card.
  const answered = useSavedOnPage(papers);
  const card = (resource: RetrieverResource, anchored: boolean) => (
    <SourceCard
      key={resource.position}
      resource={resource}
      id={anchored ? sourceAnchor(answerKey, resource.position) : undefined}
      styles={styles}
      batch={{ answered }}
      onOpen={onOpen}
    />
  );
  return (
    <div className="grid gap-4">
      {flagged.length > 0 ? <FlaggedList flagged={flagged} /> : null}
      <h3 className="text-sm font-semibold">{t('sourcesTitle', { count: resources.length })}</h3>
      {resources.length === 0 ? <p className="text-sm text-muted-foreground">{t('noSources')}</p> : null}
      <ol className="grid gap-3" data-testid="ask-cited">
        {resources.map((resource) => card(resource, true))}
      </ol>
      {uncited.length > 0 ? (
        <details className="rounded-lg border border-dashed border-border p-3 text-sm" data-testid="ask-uncited">
          <summary className="cursor-pointer font-medium">{t('foundTitle', { found: resources.length + uncited.length, uncited: uncited.length })}</summary>
          <p className="mt-2 text-muted-foreground">{t('uncitedLead')}</p>
          <ol className="mt-3 grid gap-3">{uncited.map((resource) => card(resource, false))}</ol>
        </details>
      ) : null}
    </div>
  );
}

function FlaggedList({ flagged }: { flagged: FlaggedCitation[] }) {
  const t = useTranslations('research.ask');
  const reason = (item: FlaggedCitation) =>
    item.reason === 'unknown_marker' ? t('flaggedMarker') : item.reason === 'unknown_author_year' ? t('flaggedAuthorYear') : t('flaggedReference');
  return (
    <div className="grid gap-2 rounded-lg border border-destructive/50 p-3 text-sm" data-testid="ask-flagged">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
        {t('flaggedTitle', { count: flagged.length })}
      </p>
      <ul className="grid gap-1">
        {flagged.map((item, i) => (
          <li key={i} data-testid="ask-flagged-item" data-reason={item.reason}>
            <span className="font-mono text-xs [overflow-wrap:anywhere]">{item.text}</span> <span className="text-muted-foreground">— {reason(item)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type CardProps = { resource: RetrieverResource; id?: string; styles: StyleOption[]; batch: { answered: boolean }; onOpen: (paper: Paper) => void };

/** One paper of the answer: its title opens the paper panel; Save and Cite act on it where it is. */
function SourceCard({ resource, id, styles, batch, onOpen }: CardProps) {
  const t = useTranslations('research.ask');
  const paper = useMemo(() => paperOfResource(resource), [resource]);
  const [citing, setCiting] = useState(false);
  return (
    <li
      id={id}
      tabIndex={id ? -1 : undefined}
      className="scroll-mt-24 rounded-lg border border-border p-3 text-sm target:ring-2 target:ring-primary"
      data-testid="ask-source"
      data-paper={paper.id}
    >
      <p className="font-medium">
        <span className="mr-1 text-primary">[{resource.position}]</span>
        <button
          type="button"
          onClick={() => onOpen(paper)}
          className="rounded-sm text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring [overflow-wrap:anywhere]"
          data-testid="ask-source-title"
        >
          {paper.title}
        </button>
      </p>
      {resource.library_entry_id ? (
        <p className="mt-1 flex w-fit items-center gap-1 rounded-sm bg-muted px-1.5 py-0.5 text-xs" data-testid="ask-source-library">
          <Library aria-hidden className="size-3.5" />
          {t('inLibrary')}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {[resource.authors?.slice(0, 3).join(', '), resource.year, resource.venue, resource.doi ? `doi:${resource.doi}` : null].filter(Boolean).join(' · ')}
      </p>
      {resource.content ? (
        <blockquote className="mt-2 border-l-2 border-border pl-3 text-muted-foreground [overflow-wrap:anywhere]">{resource.content}</blockquote>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <SaveButton paper={paper} compact batch={batch} />
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-7 px-2 text-xs sm:h-6"
          aria-expanded={citing}
          aria-label={t('citeTitled', { title: paper.title })}
          onClick={() => setCiting((open) => !open)}
          data-testid="ask-source-cite"
        >
          <Quote aria-hidden />
          {t('cite')}
        </Button>
      </div>
      {citing ? (
        <div className="mt-3 rounded-lg border border-border bg-muted/30 p-3">
          <CiteBox paper={paper} styles={styles} />
        </div>
      ) : null}
    </li>
  );
}
