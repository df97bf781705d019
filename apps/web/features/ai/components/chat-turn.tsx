'use client';

import { Check, Copy, RefreshCw, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { SearchLog } from '@/features/papers/search-log';
import { SearchLogView } from '@/features/papers/components/search-log-view';
import type { Turn } from '../hooks/use-chat';
import { QuestionFiles } from '../attachments/attachment-bar';
import { ChatError } from './chat-error';
import { ChatSteps } from './chat-steps';
import { linkCitations } from './citation-markers';
import { Markdown } from '@/components/ui/markdown';
import { SourceCards } from './source-cards';

type Props = {
  turn: Turn;
  last: boolean;
  busy: boolean;
  onRegenerate: () => void;
  onRate: (rating: 'like' | 'dislike') => void;
  onAsk: (question: string) => void;
};

/** One question and its answer: citation markers link to the source cards beside it. */
export function ChatTurn({ turn, last, busy, onRegenerate, onRate, onAsk }: Props) {
  const t = useTranslations('aiChat');
  const [copied, setCopied] = useState(false);
  const anchor = `source-${turn.key}`;
  const known = new Set(turn.resources.map((r) => r.position));

  const renderText = (text: string): ReactNode =>
    linkCitations(text, {
      known,
      href: (n) => `#${anchor}-${n}`,
      label: (n) => t('sources.marker', { n }),
      flagged: t('sources.notVerified'),
      testId: 'citation-marker',
    });

  async function copy() {
    await navigator.clipboard.writeText(turn.answer);
    setCopied(true);
  }

  const done = turn.status !== 'streaming';
  return (
    <li className="space-y-3" data-testid="chat-turn" data-status={turn.status}>
      <div className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-lg bg-primary px-3 py-2 text-primary-foreground" data-testid="chat-question">
        {turn.query}
      </div>
      <QuestionFiles files={turn.files} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-h-10 min-w-0">
          {turn.steps && turn.steps.nodes.length > 0 && <ChatSteps log={turn.steps} running={turn.status === 'streaming'} />}
          {turn.answer ? (
            <div data-testid="chat-answer">
              <Markdown renderText={renderText}>{turn.answer}</Markdown>
            </div>
          ) : (
            turn.status === 'streaming' && <p className="text-sm text-muted-foreground">{t('thinking')}</p>
          )}
          {turn.status === 'stopped' && (
            <p className="mt-1 text-xs text-muted-foreground" data-testid="stopped-note">
              {t('stopped')}
            </p>
          )}
          {done && turn.searchLog && (
            <div className="mt-3">
              <SearchLogView log={turn.searchLog as SearchLog} />
            </div>
          )}
          {turn.error && <ChatError error={turn.error} onRetry={last ? onRegenerate : undefined} />}
          {done && turn.answer && (
            <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={t('actions')}>
              <Button type="button" size="sm" variant="ghost" onClick={copy} data-testid="copy-answer">
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied ? t('copied') : t('copy')}
              </Button>
              {last && (
                <Button type="button" size="sm" variant="ghost" onClick={onRegenerate} disabled={busy} data-testid="regenerate">
                  <RefreshCw aria-hidden />
                  {t('regenerate')}
                </Button>
              )}
              {turn.messageId && (
                <>
                  <Button type="button" size="sm" variant="ghost" aria-pressed={turn.rating === 'like'} onClick={() => onRate('like')} data-testid="like">
                    <ThumbsUp aria-hidden className={turn.rating === 'like' ? 'fill-current' : ''} />
                    <span className="sr-only">{t('like')}</span>
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-pressed={turn.rating === 'dislike'}
                    onClick={() => onRate('dislike')}
                    data-testid="dislike"
                  >
                    <ThumbsDown aria-hidden className={turn.rating === 'dislike' ? 'fill-current' : ''} />
                    <span className="sr-only">{t('dislike')}</span>
                  </Button>
                </>
              )}
            </div>
          )}
          {last && turn.suggested.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-2" data-testid="follow-ups">
              {turn.suggested.map((q) => (
                <Button
                  key={q}
                  type="button"
                  size="sm"
                  variant="outline"
                  className="h-auto whitespace-normal text-left"
                  onClick={() => onAsk(q)}
                  disabled={busy}
                >
                  {q}
                </Button>
              ))}
            </div>
          )}
        </div>
        <SourceCards anchor={anchor} resources={turn.resources} flagged={turn.flagged} />
      </div>
    </li>
  );
}
