'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { linkCitations } from '@/features/ai/components/citation-markers';
import { Markdown } from '@/features/ai/components/markdown';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';
import { useAsk } from '../client/use-ask';
import { AskSources, sourceAnchor } from './ask-sources';
import { SearchLogView } from './search-log-view';

/** "Ask": a question to the research assistant, answered from retrieved papers; each marker links to its source. */
export function AskView() {
  const t = useTranslations('research.ask');
  const locale = useLocale();
  const { state, ask, stop } = useAsk(locale);
  const [question, setQuestion] = useState('');
  const [searchLibrary, setSearchLibrary] = useState(false);
  const positions = new Set(state.resources.map((resource) => resource.position));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (question.trim()) void ask(question.trim(), { searchLibrary });
  }

  // Markers of retrieved papers become links to their cards; other brackets stay text.
  const renderText = (text: string) =>
    linkCitations(text, { known: positions, href: (n) => `#${sourceAnchor(n)}`, label: (position) => t('toSource', { position }), flagged: t('notVerified'), testId: 'ask-marker' });

  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} className="grid gap-2" aria-label={t('label')}>
        <label htmlFor="ask-question" className="text-sm font-medium">
          {t('label')}
        </label>
        <textarea
          id="ask-question"
          rows={3}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) onSubmit(event);
          }}
          placeholder={t('placeholder')}
          maxLength={2000}
          className={cn(inputClasses, 'h-auto min-h-20 py-2')}
          data-testid="ask-input"
        />
        <label className="flex w-fit items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={searchLibrary}
            onChange={(event) => setSearchLibrary(event.target.checked)}
            className="size-4 accent-primary"
            data-testid="ask-search-library"
          />
          {t('searchLibrary')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={state.status === 'streaming' || !question.trim()} data-testid="ask-submit">
            {state.status === 'streaming' ? t('asking') : t('submit')}
          </Button>
          {state.status === 'streaming' ? (
            <Button type="button" variant="outline" onClick={stop} data-testid="ask-stop">
              {t('stop')}
            </Button>
          ) : null}
          <p className="text-xs text-muted-foreground">{t('hint')}</p>
        </div>
      </form>

      {state.status !== 'idle' ? (
        <section aria-labelledby="ask-answer-title" className="grid gap-4 rounded-xl border border-border bg-card p-5" data-testid="ask-answer" aria-busy={state.status === 'streaming'}>
          <h2 id="ask-answer-title" className="font-semibold">
            {t('answerTitle')}
          </h2>
          {state.extractive ? (
            <p className="rounded-md border border-border bg-muted/60 px-3 py-2 text-sm" data-testid="ask-extractive">
              {t('extractive')}
            </p>
          ) : null}
          <div aria-live="polite">
            {state.answer ? <Markdown renderText={renderText}>{state.answer}</Markdown> : state.status === 'streaming' ? <p className="text-sm text-muted-foreground">{t('searching')}</p> : null}
          </div>
          {state.error ? (
            <div role="alert" className="grid gap-2 text-sm" data-testid="ask-error">
              <p className="text-destructive">{state.error.message || t('failed')}</p>
              {state.error.kind === 'quota' ? (
                <Link href="/dashboard/ai/tokens" className="text-primary underline">
                  {t('quota')}
                </Link>
              ) : null}
            </div>
          ) : null}
          {state.status === 'done' ? <AskSources resources={state.resources} flagged={state.flagged} /> : null}
          {state.status === 'done' && state.searchLog ? <SearchLogView log={state.searchLog} /> : null}
        </section>
      ) : null}
    </div>
  );
}
