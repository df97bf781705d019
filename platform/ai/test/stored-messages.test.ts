// A reopened answer shows what it showed live: GET /messages returns each message's citation check, search log,
// the papers found but not cited, the extractive label, a stopped answer's state and a chatflow's steps with what
// each did. Conversations stay the end user's own, and deleting one takes its runs with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowNodeExecutions, workflowRuns } from '../src/db/schema';
import { UNVERIFIED_MARK } from '../src/research/check-citations';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { eachEvent, readEvents, startAi, type Harness, type SseEvent } from './harness';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer({ slowMs: 20 });
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

type Stored = Record<string, unknown> & {
  answer: string;
  citation_check: { cited: number[]; flagged: Array<{ text: string; reason: string }> } | null;
  search_log: { queries: string[] } | null;
  uncited_resources: Array<{ position: number; document_id: string }>;
  retriever_resources: Array<{ position: number }>;
  workflow_run: { id: string; status: string; nodes: Array<{ node_id: string; status: string; outputs: Record<string, unknown> | null }> } | null;
};

const ask = (app: string, user: string, query: string, extra: Record<string, unknown> = {}) =>
  h.call(app, '/chat-messages', { body: { query, inputs: {}, user, response_mode: 'streaming', ...extra } });
const history = async (app: string, user: string, conversationId: string) =>
  (await (await h.call(app, `/messages?user=${user}&conversation_id=${conversationId}`)).json()).data as Stored[];
const end = (events: SseEvent[]) => events.at(-1) as SseEvent & { conversation_id: string; metadata: Record<string, unknown> };

describe('stored messages carry what the live answer showed', () => {
  it('research: flags, search log, uncited papers; the same as message_end said', async () => {
    const events = await readEvents(await ask('research', 'v1', 'deep learning #cite-bogus'));
    const last = end(events);
    const [stored] = await history('research', 'v1', last.conversation_id);
    expect(stored!.answer).toContain(UNVERIFIED_MARK);
    expect(stored!.citation_check).toEqual(last.metadata.citation_check);
    expect(stored!.citation_check!.flagged.map((f) => f.reason).sort()).toEqual(['unknown_marker', 'unverified_reference']);
    expect(stored!.search_log).toEqual(last.metadata.search_log);
    expect(stored!.retriever_resources).toEqual(last.metadata.retriever_resources);
    // Found but not cited: every retrieved paper is either a source or listed here, never both.
    expect(stored!.uncited_resources).toEqual(last.metadata.uncited_resources);
    expect(stored!.uncited_resources.length).toBeGreaterThan(0);
    const cited = new Set(stored!.retriever_resources.map((r) => r.position));
    for (const r of stored!.uncited_resources) expect(cited.has(r.position)).toBe(false);
    expect(stored!).toMatchObject({ stopped: false, answer_source: null, workflow_run: null, status: 'normal' });
  });

  it('an author–year citation naming no retrieved paper is flagged in the text; one naming a retrieved paper is a citation', async () => {
    const events = await readEvents(await ask('research', 'v1', 'attention transformer #cite-authors'));
    const replaced = events.find((e) => e.event === 'message_replace')!.answer as string;
    expect(replaced).toMatch(/\(Vaswani et al\., 2017\) \[1\], while Zyxwv and Qponm \(1999\)\[citation not verified\] claim/);
    const check = end(events).metadata.citation_check as { flagged: Array<{ text: string; reason: string }> };
    expect(check.flagged).toEqual([{ text: 'Zyxwv and Qponm (1999)', reason: 'unknown_author_year' }]);
    const [stored] = await history('research', 'v1', end(events).conversation_id);
    expect(stored!.answer).toBe(replaced);
    expect(stored!.citation_check!.flagged).toEqual(check.flagged);
  });

  it('chatflow: the run and its steps come back with the message, each step with what it did', async () => {
    const events = await readEvents(await ask('cited-answer', 'v2', 'attention transformer'));
    const runId = events.find((e) => e.event === 'workflow_started')!.workflow_run_id;
    const [stored] = await history('cited-answer', 'v2', end(events).conversation_id);
    const run = stored!.workflow_run!;
    expect(run).toMatchObject({ id: runId, status: 'succeeded' });
    expect(run.nodes.map((n) => n.node_id)).toEqual(['start', 'plan', 'retrieve', 'generate', 'check', 'answer']);
    // Stored as streamed: each node's outputs equal its node_finished event's.
    for (const node of run.nodes) {
      const live = events.find((e) => e.event === 'node_finished' && (e.data as { node_id: string }).node_id === node.node_id)!;
      expect(node.outputs).toEqual((live.data as { outputs: unknown }).outputs);
    }
    const outputs = Object.fromEntries(run.nodes.map((n) => [n.node_id, n.outputs!]));
    expect(outputs.plan).toEqual({ queries: ['attention transformer', 'attention transformer survey'], planned_by: 'model' });
    const retrieve = outputs.retrieve as {
      queries: Array<{ query: string; hits: number; sources: Array<{ source: string; state: string }> }>;
      papers: Array<{ paper_id: string; position: number | null; queries: number[]; matched: string[]; reason: string }>;
      limit: number;
    };
    expect(retrieve.queries.map((q) => q.query)).toEqual(['attention transformer', 'attention transformer survey']);
    expect(retrieve.queries[0]!.sources).toEqual([expect.objectContaining({ source: 'local', state: 'ok' })]);
    const attention = retrieve.papers.find((p) => p.paper_id === 'arXiv:1706.03762')!;
    expect(attention).toMatchObject({ position: 1, reason: 'top_ranked' });
    expect(attention.queries).toEqual([0, 1]);
    expect(attention.matched).toEqual(expect.arrayContaining(['attention', 'transformer']));
    expect(retrieve.papers.filter((p) => p.position !== null).map((p) => p.position)).toEqual(
      stored!.retriever_resources
        .map((r) => r.position)
        .concat(stored!.uncited_resources.map((r) => r.position))
        .sort(),
    );
    expect(outputs.generate).toMatchObject({ writer: 'model', papers: expect.any(Number) });
    expect(outputs.check).toMatchObject({ cited: stored!.citation_check!.cited, flagged: [], verified: [], skipped: null });
  });

  it('a stopped chatflow answer reopens stopped, with its steps', async () => {
    const seen: SseEvent[] = [];
    for await (const event of eachEvent(await ask('cited-answer', 'v3', 'attention transformer #slow'))) {
      seen.push(event);
      if (seen.filter((e) => e.event === 'message').length === 3)
        await h.call('cited-answer', `/chat-messages/${event.task_id}/stop`, { body: { user: 'v3' } });
    }
    const [stored] = await history('cited-answer', 'v3', end(seen).conversation_id);
    expect(stored!).toMatchObject({ stopped: true, status: 'normal' });
    expect(stored!.workflow_run!.status).toBe('stopped');
    expect(stored!.workflow_run!.nodes.find((n) => n.node_id === 'generate')!.status).toBe('stopped');
  });

  it('another end user gets 404 for the conversation; deleting it removes its runs and their steps', async () => {
    const events = await readEvents(await ask('cited-answer', 'v4', 'attention transformer'));
    const conversation = end(events).conversation_id;
    const runId = String(events.find((e) => e.event === 'workflow_started')!.workflow_run_id);
    const other = await h.call('cited-answer', `/messages?user=v5&conversation_id=${conversation}`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'not_found' });

    const { eq } = await import('@citewise/db/orm');
    const db = h.database.db;
    expect(await db.select().from(workflowNodeExecutions).where(eq(workflowNodeExecutions.runId, runId))).toHaveLength(6);
    expect((await h.call('cited-answer', `/conversations/${conversation}`, { method: 'DELETE', body: { user: 'v4' } })).status).toBe(204);
    expect(await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId))).toEqual([]);
    expect(await db.select().from(workflowNodeExecutions).where(eq(workflowNodeExecutions.runId, runId))).toEqual([]);
  });
});
