'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { FlaggedCitation } from '@/features/ai/types';
import type { NodeRun } from '../workflow/workflow-log';

// What a chatflow step did, from the data its node_finished event carries (platform/ai chatflow/*): the runtime
// sends facts, the words are the UI's, in both languages.

type QuerySource = { source: string; state: string; returned: number | null; total: number | null };
type FoundPaper = { paper_id: string; title: string; position: number | null; queries: number[]; score: number; matched: string[]; reason: string };

const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The detail of one finished step, or null for a step with nothing to tell (start, answer, a failed step). */
export function StepDetails({ node }: { node: NodeRun }) {
  const outputs = node.outputs;
  if (!outputs || node.status === 'running') return null;
  switch (node.nodeId) {
    case 'plan':
      return <PlanDetails outputs={outputs} />;
    case 'retrieve':
      return <RetrieveDetails outputs={outputs} />;
    case 'generate':
      return <GenerateDetails outputs={outputs} />;
    case 'check':
      return <CheckDetails outputs={outputs} />;
    default:
      return null;
  }
}

function Detail({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="basis-full space-y-1.5 border-t border-border pt-2 text-xs text-muted-foreground" data-testid={testId}>
      {children}
    </div>
  );
}

function PlanDetails({ outputs }: { outputs: Record<string, unknown> }) {
  const t = useTranslations('aiChat.stepDetails');
  const queries = list<string>(outputs.queries);
  return (
    <Detail testId="step-plan">
      <p>{outputs.planned_by === 'model' ? t('plannedByModel', { count: queries.length }) : t('plannedAsWritten')}</p>
      <ol className="space-y-0.5">
        {queries.map((query, i) => (
          <li key={i} className="text-foreground" data-testid="step-query">
            <span className="mr-1 font-mono text-muted-foreground">{t('queryLabel', { n: i + 1 })}</span>“{query}”
          </li>
        ))}
      </ol>
    </Detail>
  );
}

function RetrieveDetails({ outputs }: { outputs: Record<string, unknown> }) {
  const t = useTranslations('aiChat.stepDetails');
  const tSource = useTranslations('research.search.source');
  const format = useFormatter();
  const queries = list<{ query: string; hits: number; sources: QuerySource[] }>(outputs.queries);
  const papers = list<FoundPaper>(outputs.papers);
  const kept = papers.filter((p) => p.position !== null);
  const left = papers.filter((p) => p.position === null);
  const sourceName = (id: string) => (tSource.has(id as 'local') ? tSource(id as 'local') : id);
  const sourceLine = (s: QuerySource) =>
    s.state === 'ok'
      ? s.total === null
        ? t('sourceHitsOnly', { source: sourceName(s.source), returned: s.returned ?? 0 })
        : t('sourceHits', { source: sourceName(s.source), returned: s.returned ?? 0, total: s.total })
      : t(`sourceState.${s.state === 'timeout' || s.state === 'disabled' ? s.state : 'error'}`, { source: sourceName(s.source) });
  const paperLine = (p: FoundPaper) => (
    <>
      {p.position !== null ? <span className="mr-1 font-mono text-primary">[{p.position}]</span> : null}
      <span className="text-foreground">{p.title}</span>
      <span className="block">
        {t('foundBy', { queries: p.queries.map((q) => t('queryLabel', { n: q + 1 })).join(', '), count: p.queries.length })}
        {' · '}
        {t('score', { score: format.number(p.score, { maximumFractionDigits: 3 }) })}
        {' · '}
        {p.matched.length ? t('matched', { words: p.matched.join(', ') }) : t('matchedNone')}
      </span>
    </>
  );
  return (
    <Detail testId="step-retrieve">
      <ul className="space-y-0.5">
        {queries.map((q, i) => (
          <li key={i} data-testid="step-query-hits">
            <span className="mr-1 font-mono">{t('queryLabel', { n: i + 1 })}</span>
            {t('queryHits', { count: q.hits })}
            {q.sources.length ? ` — ${q.sources.map(sourceLine).join('; ')}` : ''}
          </li>
        ))}
      </ul>
      <p>{t('kept', { kept: kept.length, found: papers.length })}</p>
      <ol className="space-y-1">
        {kept.map((p) => (
          <li key={p.paper_id} data-testid="step-paper" data-kept="true">
            {paperLine(p)}
          </li>
        ))}
      </ol>
      {left.length ? (
        <details>
          <summary className="cursor-pointer">{t('leftOut', { count: left.length })}</summary>
          <ol className="mt-1 space-y-1">
            {left.map((p) => (
              <li key={p.paper_id} data-testid="step-paper" data-kept="false">
                {paperLine(p)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </Detail>
  );
}

function GenerateDetails({ outputs }: { outputs: Record<string, unknown> }) {
  const t = useTranslations('aiChat.stepDetails');
  const papers = typeof outputs.papers === 'number' ? outputs.papers : 0;
  return (
    <Detail testId="step-generate">
      <p>{outputs.writer === 'extractive' ? t('writtenExtractive', { papers }) : t('writtenByModel', { papers })}</p>
    </Detail>
  );
}

function CheckDetails({ outputs }: { outputs: Record<string, unknown> }) {
  const t = useTranslations('aiChat.stepDetails');
  const cited = list<number>(outputs.cited);
  const flagged = list<FlaggedCitation>(outputs.flagged);
  const verified = list<{ text: string; title: string; status?: string }>(outputs.verified);
  const skipped = text(outputs.skipped);
  if (skipped) {
    return (
      <Detail testId="step-check">
        <p>{t(skipped === 'stopped' ? 'checkStopped' : 'checkExtractive', { count: cited.length })}</p>
      </Detail>
    );
  }
  return (
    <Detail testId="step-check">
      <p data-testid="step-cited">{cited.length ? t('cited', { markers: cited.map((n) => `[${n}]`).join(' '), count: cited.length }) : t('citedNone')}</p>
      {flagged.length === 0 ? <p>{t('noneFlagged')}</p> : null}
      {flagged.map((f, i) => (
        <p key={i} className="text-amber-700 dark:text-amber-300" data-testid="step-flagged" data-reason={f.reason}>
          <span className="font-mono [overflow-wrap:anywhere]">{f.text}</span> —{' '}
          {t(`flag.${f.reason === 'unknown_marker' || f.reason === 'unknown_author_year' ? f.reason : 'unverified_reference'}`)}
        </p>
      ))}
      {verified.map((v, i) => (
        <p key={i} data-testid="step-verified">
          <span className="[overflow-wrap:anywhere]">{v.text}</span> —{' '}
          {t(v.status === 'corrected' ? 'correctedElsewhere' : v.status === 'partial' ? 'partialElsewhere' : 'verifiedElsewhere', { title: v.title })}
        </p>
      ))}
    </Detail>
  );
}
