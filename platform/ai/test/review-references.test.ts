// The literature review lists what it cites: the run's outputs carry each screened paper's full record, whether the
// review cites it and a verdict saying what was compared; the screening step says what was kept and dropped and
// why; and every searching app's search log holds what a replay needs. Through dify-client, as a Dify client sees it.
import type { Readable } from 'node:stream';
import type { Paper } from '@citewise/scholar';
import { refreshStatistics, upsertPapers } from '@citewise/scholar';
import { CompletionClient } from 'dify-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LOG_FORMAT } from '../src/research/search-log';
import { readEvents, startAi, type Harness, type SseEvent } from './harness';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { serveHttp } from './serve-http';

const base = {
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  keywords: [],
  fields: [],
  language: 'en',
  type: 'article-journal',
  source: 'csl',
} satisfies Partial<Paper>;
const graphPaper = (n: number): Paper => ({
  ...base,
  id: `csl:graph-${n}`,
  // The planner's second query is "graph neural survey": the last four are found by it (and some by both).
  title: n > 6 ? `A survey of graph neural networks, part ${n}` : `Graph neural networks for molecule property prediction, part ${n}`,
  abstract: `We study graph neural networks on molecular graphs, variant ${n}. Message passing over atoms and bonds predicts chemical properties well.`,
  authors: [{ given: 'Ada', family: `Author${n}` }],
  issued: { year: 2010 + n },
  container: 'Journal of Graph Learning',
});
// Ten papers on the topic (two more than the review keeps), one without an abstract, one with only a title and abstract.
const extra: Paper[] = [
  ...Array.from({ length: 10 }, (_, i) => graphPaper(i + 1)),
  {
    ...base,
    id: 'csl:graph-noabstract',
    title: 'Graph neural networks for molecule screening',
    abstract: null,
    authors: [{ literal: 'No Abstract' }],
    issued: { year: 2021 },
    container: 'Graph Letters',
  },
  {
    ...base,
    id: 'csl:graph-bare',
    title: 'Graph neural networks for molecule generation',
    abstract:
      'Graph neural networks generate molecules atom by atom. The generated molecules are valid and diverse, and graph message passing guides each step.',
    authors: [],
    issued: null,
    container: null,
  },
];

type Reference = { position: number; cited: boolean; paper: Paper; verdict: { status: string; sources: string[]; missing: string[]; checked_at: string } };
type Screened = { paper_id: string; title: string; reason: string; hits: number; rank?: number };

let llm: OpenAiTestServer;
let h: Harness;
let http: Awaited<ReturnType<typeof serveHttp>>;
let client: CompletionClient & { runWorkflow(inputs: Record<string, unknown>, user: string, stream?: boolean): Promise<{ data: unknown }> };
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
  await upsertPapers(h.database.db, extra);
  await refreshStatistics(h.database.db);
  http = await serveHttp((request) => h.service.fetch(request));
  // runWorkflow exists in the published JS but not in its .d.ts.
  client = new CompletionClient(h.key('literature-review'), `${http.origin}/platform/ai/v1`) as typeof client;
});
afterAll(async () => {
  await http.close();
  await h.close();
  await llm.close();
});

async function streamedRun(topic: string, user: string): Promise<SseEvent[]> {
  const response = await client.runWorkflow({ topic }, user, true);
  let text = '';
  for await (const chunk of response.data as Readable) text += chunk.toString();
  return text
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as SseEvent);
}

describe('the literature review', () => {
  it('carries its references, its screening and its search log in the outputs, live and stored', async () => {
    const events = await streamedRun('graph neural networks molecule', 'cw:review');
    const finished = events.at(-1)!;
    expect(finished).toMatchObject({ event: 'workflow_finished', data: { status: 'succeeded' } });
    const outputs = (finished.data as { outputs: Record<string, unknown> }).outputs;
    const text = outputs.text as string;
    const references = outputs.references as Reference[];

    // Eight kept papers, numbered 1..8 (the cited ones first, by first citation); every one the text cites by its
    // marker is `cited`, with its full record, and the citations Dify clients know name the same papers.
    expect(references.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((outputs.citations as Array<{ position: number; document_id: string }>).map((c) => [c.position, c.document_id])).toEqual(
      references.filter((r) => r.cited).map((r) => [r.position, r.paper.id]),
    );
    for (const r of references) expect(r.cited).toBe(text.includes(`[${r.position}]`));
    expect(references.filter((r) => r.cited).length).toBeGreaterThan(0);
    const complete = references.find((r) => r.paper.id.startsWith('csl:graph-') && r.paper.id !== 'csl:graph-bare')!;
    expect(complete.paper).toMatchObject({
      title: expect.stringContaining('Graph neural networks'),
      authors: [{ given: 'Ada' }],
      container: 'Journal of Graph Learning',
    });
    expect(complete.verdict).toMatchObject({ status: 'verified', sources: ['local'], missing: [] });
    // A record with a title and an abstract only is never plain verified: what it lacks is named.
    const bare = references.find((r) => r.paper.id === 'csl:graph-bare')!;
    expect(bare.verdict).toMatchObject({ status: 'partial', missing: ['authors', 'year', 'venue'] });
    expect(Date.parse(bare.verdict.checked_at)).not.toBeNaN();

    // The screening step says what it kept and what it dropped, and why.
    const screen = events.find((e) => e.event === 'node_finished' && (e.data as { node_id: string }).node_id === 'screen')!;
    const report = (screen.data as { outputs: { found: number; limit: number; kept: Screened[]; excluded: Screened[] } }).outputs;
    expect(report.limit).toBe(8);
    expect(report.kept.map((k) => k.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(report.kept.map((k) => k.paper_id).sort()).toEqual(references.map((r) => r.paper.id).sort());
    expect(report.kept.every((k) => k.reason === 'relevant' && k.hits >= 1)).toBe(true);
    expect(report.excluded).toContainEqual(
      expect.objectContaining({ paper_id: 'csl:graph-noabstract', reason: 'no_abstract', title: 'Graph neural networks for molecule screening' }),
    );
    expect(report.excluded.some((e) => e.reason === 'lower_relevance')).toBe(true);
    expect(report.found).toBe(report.kept.length + report.excluded.length);

    // The search log: each planned query as sent, with its options, sources and ranked result ids.
    const log = outputs.search_log as Record<string, unknown> & {
      searches: Array<{
        query: string;
        options: Record<string, unknown>;
        results: Array<{ id: string }>;
        sources: Array<{ source: string; state: string }>;
        translation: unknown;
      }>;
    };
    expect(log).toMatchObject({
      format: SEARCH_LOG_FORMAT,
      app: 'literature-review',
      question: 'graph neural networks molecule',
      model: 'test-model',
      results: 8,
    });
    expect(log.prompt_version).toMatch(/^literature-review@[0-9a-f]{12}$/);
    expect(log.queries).toEqual(outputs.queries);
    expect(log.searches.map((s) => s.query)).toEqual(outputs.queries);
    expect(log.searches[0]!.options).toEqual({ limit: 8, translate: 'off', sort: 'relevance', sources: ['local'] });
    expect(log.searches[0]!.translation).toBeNull();
    expect(log.searches[0]!.sources).toEqual([expect.objectContaining({ source: 'local', state: 'ok' })]);
    expect(log.searches[0]!.results.length).toBeGreaterThan(0);
    expect(log.selected).toEqual(references.map((r) => r.paper.id));

    // The same outputs and steps after the run, as the history reopens it.
    const runId = finished.workflow_run_id as string;
    const detail = await (await h.call('literature-review', `/workflows/run/${runId}?user=cw:review`)).json();
    expect(detail.outputs.references).toEqual(references);
    expect(detail.outputs.search_log).toEqual(log);
    const steps = await (await h.call('literature-review', `/workflows/run/${runId}/node-executions?user=cw:review`)).json();
    expect(steps.data.find((s: { node_id: string }) => s.node_id === 'screen').outputs).toEqual(report);
  });

  it('logs the translation a Chinese topic was searched with', async () => {
    const events = await streamedRun('中文分词 深度学习', 'cw:review-zh');
    const log = (events.at(-1)!.data as { outputs: Record<string, unknown> }).outputs.search_log as {
      searches: Array<{ options: { translate: string }; translation: { engine: string; from: string; to: string; searched: string[] } | null }>;
    };
    expect(log.searches[0]!.options.translate).toBe('auto');
    expect(log.searches[0]!.translation).toMatchObject({ engine: 'dictionary', from: 'zh', to: 'en' });
    expect(log.searches[0]!.translation!.searched.length).toBeGreaterThan(0);
  });
});

describe('the search log of the chat apps', () => {
  it('research: one search, its ranked ids, the model and the prompt version', async () => {
    const body = await (await h.call('research', '/chat-messages', { body: { query: 'attention transformer', inputs: {}, user: 'cw:log' } })).json();
    const log = body.metadata.search_log;
    expect(log).toMatchObject({ format: SEARCH_LOG_FORMAT, app: 'research', question: 'attention transformer', model: 'test-model', library: null });
    expect(log.prompt_version).toMatch(/^research@[0-9a-f]{12}$/);
    expect(log.searches).toHaveLength(1);
    expect(log.searches[0].options).toEqual({ limit: 6, translate: 'off', sort: 'relevance', sources: ['local'] });
    expect(log.searches[0].results[0]).toMatchObject({ id: 'arXiv:1706.03762', title: 'Attention Is All You Need', year: 2017, sources: ['local'] });
    expect(log.selected[0]).toBe('arXiv:1706.03762');
  });

  it('cited-answer: one search per planned query, the sources summed once each', async () => {
    const events = await readEvents(
      await h.call('cited-answer', '/chat-messages', { body: { query: 'attention transformer', inputs: {}, user: 'cw:log', response_mode: 'streaming' } }),
    );
    const log = (
      events.find((e) => e.event === 'message_end')!.metadata as {
        search_log: { searches: Array<{ query: string }>; sources: Array<{ source: string }>; prompt_version: string };
      }
    ).search_log;
    expect(log.searches.map((s) => s.query)).toEqual(['attention transformer', 'attention transformer survey']);
    expect(log.sources.map((s) => s.source)).toEqual(['local']);
    expect(log.prompt_version).toMatch(/^cited-answer@[0-9a-f]{12}$/);
  });
});
