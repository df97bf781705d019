'use client';

import type { Paper } from '@citewise/scholar';
import { useTranslations } from 'next-intl';
import { QuestionFiles } from '@/features/ai/attachments/attachment-bar';
import { ChatError } from '@/features/ai/components/chat-error';
import { linkCitations } from '@/features/ai/components/citation-markers';
import { Markdown } from '@/components/ui/markdown';
import type { Turn } from '@/features/ai/hooks/use-chat';
import type { SearchLog } from '@/features/papers/search-log';
import type { StyleOption } from '@/features/papers/types';
import { AskSources, sourceAnchor } from './ask-sources';
import { SearchLogView } from '@/features/papers/components/search-log-view';

type Props = { turn: Turn; styles: StyleOption[]; onOpen: (paper: Paper) => void; onRetry?: () => void };

/**
 * One question and its answer, as it was shown live and as it reopens: the answer with each marker linked to its
 * source, the flags, the cited papers (and the uncited ones, folded), and the search log.
 */
export function AskTurn({ turn, styles, onOpen, onRetry }: Props) {
  const t = useTranslations('research.ask');
  const positions = new Set(turn.resources.map((resource) => resource.position));
  const streaming = turn.status === 'streaming';
  const titleId = `ask-turn-${turn.key}`;

  // Markers of retrieved papers become links to their cards; other brackets stay text.
  const renderText = (text: string) =>
    linkCitations(text, {
      known: positions,
      href: (n) => `#${sourceAnchor(turn.key, n)}`,
      label: (position) => t('toSource', { position }),
      flagged: t('notVerified'),
      testId: 'ask-marker',
    });

  return (
    <li className="list-none" data-testid="ask-turn" data-status={turn.status} data-message={turn.messageId ?? undefined}>
      <section
        aria-labelledby={titleId}
        className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-5"
        data-testid="ask-answer"
        aria-busy={streaming}
      >
        <h2 id={titleId} className="font-semibold [overflow-wrap:anywhere]" data-testid="ask-question">
          <span className="sr-only">{t('questionPrefix')} </span>
          {turn.query}
        </h2>
        {turn.files.length ? <QuestionFiles files={turn.files} /> : null}
        {turn.extractive ? (
          <p className="rounded-md border border-border bg-muted/60 px-3 py-2 text-sm" data-testid="ask-extractive">
            {t('extractive')}
          </p>
        ) : null}
        <div aria-live={streaming ? 'polite' : undefined} data-testid="ask-answer-text">
          {turn.answer ? (
            <Markdown renderText={renderText}>{turn.answer}</Markdown>
          ) : streaming ? (
            <p className="text-sm text-muted-foreground">{t('searching')}</p>
          ) : null}
        </div>
        {turn.status === 'stopped' ? (
          <p className="text-xs text-muted-foreground" data-testid="ask-stopped">
            {t('stopped')}
          </p>
        ) : null}
        {turn.error ? (
          <div data-testid="ask-error">
            <ChatError error={turn.error} onRetry={onRetry} />
          </div>
        ) : null}
        {!streaming && !turn.error ? (
          <AskSources answerKey={turn.key} resources={turn.resources} uncited={turn.uncited} flagged={turn.flagged} styles={styles} onOpen={onOpen} />
        ) : null}
        {!streaming && turn.searchLog ? <SearchLogView log={turn.searchLog as SearchLog} /> : null}
      </section>
    </li>
  );
}
