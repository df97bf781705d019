// "Chat with a paper" over papers of the user's library: the product supplies the chosen papers (read as the end
// user), this reads their PDFs with page marks, and the answer cites passages by page. Papers the product does not
// find for that user are refused, as are malformed or too many ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChosenPaper, LibraryChoice } from '../src/index';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { readEvents, startAi, type Harness } from './harness';
import { testPapers } from './papers';
import { pdfWithPages } from './pdf-fixture';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const COLLECTION = '33333333-3333-4333-8333-333333333333';
const pdf = pdfWithPages(['Introduction to attention', 'Results: attention beats recurrence on translation']);
const papers: Record<string, ChosenPaper> = {
  [A]: {
    entryId: A,
    paper: testPapers[0]!,
    note: 'read for chapter 2',
    files: [{ name: 'attention.pdf', version: crypto.randomUUID(), bytes: async () => pdf }],
  },
  [B]: { entryId: B, paper: testPapers[1]!, files: [] },
};
const asked: Array<{ user: string; choice: LibraryChoice }> = [];

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi(
    { LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'k' },
    {
      libraryPapers: async (user, choice) => {
        asked.push({ user, choice });
        if (user !== 'owner') return 'collectionId' in choice ? null : [];
        if ('collectionId' in choice) return choice.collectionId === COLLECTION ? [papers[B]!, papers[A]!] : null;
        return choice.paperIds.flatMap((id) => papers[id] ?? []);
      },
    },
  );
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

const ask = (user: string, inputs: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  h.call('paper-chat', '/chat-messages', { body: { query: 'What do they find?', inputs, user, response_mode: 'blocking', ...extra } });

describe('chat with library papers', () => {
  it('reads the chosen papers and their PDFs, and the answer cites the PDF by page', async () => {
    const res = await ask('owner', { library_papers: `${A},${B}` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.answer).toContain('Attention Is All You Need says "Results: attention beats recurrence on translation" (Attention Is All You Need, p. 2)');
    expect(body.answer).toContain(`- ${testPapers[1]!.title} (${testPapers[1]!.title})`);
    const system = llm.requests.at(-1)!.messages[0]!.content as string;
    expect(system).toContain('[page 1]\nIntroduction to attention');
    expect(system).toContain("The researcher's note: read for chapter 2");
    expect(asked.at(-1)).toEqual({ user: 'owner', choice: { paperIds: [A, B] } });
    // The conversation keeps the choice; its next message reads the papers again.
    const next = await readEvents(await ask('owner', {}, { conversation_id: body.conversation_id, response_mode: 'streaming' }));
    expect(next.find((e) => e.event === 'message_end')).toBeTruthy();
    expect(asked.at(-1)?.choice).toEqual({ paperIds: [A, B] });
    const history = await (await h.call('paper-chat', `/messages?user=owner&conversation_id=${body.conversation_id}`)).json();
    expect(history.data[0].inputs).toEqual({ library_papers: `${A},${B}` });
  });

  it('reads a whole collection', async () => {
    const body = await (await ask('owner', { library_collection: COLLECTION })).json();
    expect(body.answer.split('\n').slice(1)).toHaveLength(2);
  });

  it('refuses papers and collections the end user does not have, and creates no conversation for them', async () => {
    const other = await ask('someone-else', { library_papers: A });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'library_paper_not_found', message: 'Library paper not found.', status: 404 });
    const partly = await ask('owner', { library_papers: `${A},44444444-4444-4444-8444-444444444444` });
    expect(partly.status).toBe(404);
    expect((await ask('owner', { library_collection: '44444444-4444-4444-8444-444444444444' })).status).toBe(404);
    const list = await (await h.call('paper-chat', '/conversations?user=someone-else')).json();
    expect(list.data).toEqual([]);
  });

  it('refuses ids that are not paper ids, too many papers, and papers with a collection', async () => {
    expect(await (await ask('owner', { library_papers: 'p:a' })).json()).toMatchObject({ code: 'invalid_param' });
    const many = Array.from({ length: 21 }, () => crypto.randomUUID()).join(',');
    expect((await (await ask('owner', { library_papers: many })).json()).message).toMatch(/At most 20/);
    expect((await ask('owner', { library_papers: A, library_collection: COLLECTION })).status).toBe(400);
  });

  it('writes a literature review over a collection that lists exactly the papers it cites, all of the collection', async () => {
    const run = await (
      await h.call('literature-review', '/workflows/run', { body: { inputs: { library_collection: COLLECTION }, user: 'owner', response_mode: 'blocking' } })
    ).json();
    expect(run.data.status).toBe('succeeded');
    const outputs = run.data.outputs as {
      text: string;
      references: Array<{ position: number; cited: boolean; paper: { id: string } }>;
      citations: Array<{ document_id: string }>;
      queries: string[];
    };
    expect(outputs.queries).toEqual([]);
    expect(outputs.references.map((r) => r.paper.id).sort()).toEqual([testPapers[0]!.id, testPapers[1]!.id].sort());
    const markers = [...outputs.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(markers.length).toBeGreaterThan(0);
    for (const n of markers) expect(outputs.references.find((r) => r.position === n)?.cited).toBe(true);
    expect(outputs.citations).toHaveLength(outputs.references.filter((r) => r.cited).length);
    // Another person's collection is refused before any run starts; so is a review with neither topic nor collection.
    const other = await h.call('literature-review', '/workflows/run', {
      body: { inputs: { library_collection: COLLECTION }, user: 'someone-else', response_mode: 'blocking' },
    });
    expect(other.status).toBe(404);
    const nothing = await h.call('literature-review', '/workflows/run', { body: { inputs: {}, user: 'owner', response_mode: 'blocking' } });
    expect((await nothing.json()).message).toBe('topic is required in input form');
  });

  it('answers Ask scoped to a collection from its papers alone, and refuses another person’s collection', async () => {
    const ask = (user: string) =>
      h.call('research', '/chat-messages', {
        body: { query: 'transformer attention', inputs: { library_collection: COLLECTION }, user, response_mode: 'blocking' },
      });
    const body = await (await ask('owner')).json();
    const cited = (body.metadata.retriever_resources as Array<{ document_name: string }>).map((r) => r.document_name);
    expect(cited.sort()).toEqual([testPapers[0]!.title, testPapers[1]!.title].sort());
    expect(body.metadata.search_log.queries).toEqual([]);
    expect(body.metadata.search_log.library).toMatchObject({ returned: 2 });
    expect((await ask('someone-else')).status).toBe(404);
  });

  it('answers with neither pasted text nor papers (an attached file alone is enough)', async () => {
    expect((await ask('owner', {})).status).toBe(200);
  });
});
