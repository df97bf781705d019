import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { paperFromCorpusRecord, type Paper } from '@citewise/scholar';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { estimateChatInput, estimateChatRun, type ChatDraft } from './estimate-chat';
import { call, h, startHarnessWith, stopHarness, testUser, usageRows } from './testing/proxy-harness';

// The cost shown before a chat, Ask or review run (estimate-chat.ts) against what the proxy meters for it: the runs
// go through the product's proxy and the embedded runtime (its real retrieval over real records of the default
// corpus) to the OpenAI test server, which counts the prompt the runtime really sent and its answer with GPT-4o's
// tokenizer (o200k_base). Its answers are sized as a model's (`restating`: a cited answer restates each source it
// cites), not the one-line answers other tests use. The answer's size is this person's average in the app: the
// first run makes one, the second is estimated from it and from the conversation so far, as the page does.
vi.setConfig({ testTimeout: 60_000 });
vi.mock('@/lib/db/database', async () => ({ appDatabase: async () => (await import('./testing/proxy-harness')).h.handle }));
vi.mock('@/lib/auth/session', async () => ({ currentUser: async () => (await import('./testing/proxy-harness')).h.signedIn }));
vi.mock('@/lib/platform/services', async () => ({ aiPlatform: async () => (await import('./testing/proxy-harness')).runtime() }));

/** Real records of the default corpus about the questions below: English on hallucination, Chinese on treatment. */
function corpusPapers(): Paper[] {
  const file = path.resolve(import.meta.dirname, '../../../../packages/scholar/data/corpus/default.jsonl.gz');
  const records = zlib
    .gunzipSync(fs.readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { title: string; abstract?: string; language?: string });
  const english = records.filter((r) => r.language === 'en' && /hallucinat/i.test(`${r.title} ${r.abstract}`)).slice(0, 80);
  const chinese = records.filter((r) => r.language === 'zh' && /患者|治疗|神经网络/.test(`${r.title}${r.abstract}`)).slice(0, 200);
  return [...english, ...chinese].map((r) => paperFromCorpusRecord(r as never));
}

beforeAll(() => startHarnessWith({ countTokens: (text) => countTokens(text), answers: 'restating', papers: corpusPapers() }), 120_000);
afterAll(stopHarness);

const PASTED_EN =
  'We study object hallucination in large vision-language models, where a model describes objects that are not in the image. ' +
  'Hallucination is measured with a polling benchmark that asks whether each of a set of objects appears in the image. ' +
  'We find that models hallucinate objects that often co-occur with the objects present, and objects named late in a long caption. ' +
  'A contrastive decoding method that compares the output distributions for the original and a distorted image reduces hallucination ' +
  'by a third without further training, at the cost of slower decoding.';
const PASTED_ZH =
  '本研究观察补肾活血汤对老年单纯收缩期高血压患者血管内皮功能的影响。将一百二十例患者随机分为治疗组和对照组，' +
  '治疗组在常规降压治疗的基础上加服补肾活血汤，疗程八周。结果显示，治疗组的血压下降幅度和内皮依赖性血管舒张功能的改善均优于对照组。' +
  '结论：补肾活血汤能够改善此类患者的血管内皮功能，且安全性良好。';

/** `file`: a plain-text document attached to each question, whose text the page reads before sending. */
type Case = { appId: string; label: string; inputs: Record<string, string>; questions: [string, string]; file?: { name: string; text: string } };
const cases: Case[] = [
  {
    appId: 'research',
    label: 'English',
    inputs: {},
    questions: ['Why do multimodal language models hallucinate objects?', 'How can hallucination be reduced when decoding?'],
  },
  { appId: 'research', label: 'Chinese', inputs: {}, questions: ['神经网络如何辅助患者的治疗？', '这些治疗方法的效果如何评价？'] },
  {
    appId: 'cited-answer',
    label: 'English',
    inputs: {},
    questions: ['What causes hallucination in vision language models?', 'Which benchmarks measure object hallucination?'],
  },
  { appId: 'cited-answer', label: 'Chinese', inputs: {}, questions: ['患者的治疗效果如何评价？', '神经网络在治疗中有哪些应用？'] },
  { appId: 'paper-chat', label: 'English', inputs: { paper: PASTED_EN }, questions: ['What does the paper measure?', 'What is the cost of the method?'] },
  { appId: 'paper-chat', label: 'Chinese', inputs: { paper: PASTED_ZH }, questions: ['这篇论文的主要结论是什么？', '研究的样本量是多少？'] },
  {
    appId: 'paper-chat',
    label: 'English, an attached text file',
    inputs: {},
    questions: ['What is object hallucination?', 'What does the attached study find?'],
    file: { name: 'study.md', text: `# Study\n\n${PASTED_EN}\n\n${PASTED_EN}` },
  },
  {
    appId: 'paper-chat',
    label: 'Chinese, an attached text file',
    inputs: {},
    questions: ['什么是血管内皮功能？', '附件中的研究发现了什么？'],
    file: { name: '研究.txt', text: `${PASTED_ZH}\n${PASTED_ZH}` },
  },
];

/** Uploads a file through the proxy as the page does; answers its upload id. */
async function upload(file: { name: string; text: string }): Promise<string> {
  const form = new FormData();
  form.append('file', new File([file.text], file.name, { type: 'text/plain' }));
  form.append('user', 'ignored-by-the-proxy');
  const response = await call('files/upload?appid=paper-chat', { form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type Row = Awaited<ReturnType<typeof usageRows>>[number];
const days = (rows: Row[]) =>
  rows.map((r) => ({ appId: r.app_id, messages: r.messages, inputTokens: r.input_tokens, outputTokens: r.output_tokens, totalTokens: r.total_tokens }));
const sum = (rows: Row[], key: 'messages' | 'input_tokens' | 'output_tokens' | 'total_tokens') => rows.reduce((s, r) => s + r[key], 0);
const off = (estimated: number, actual: number) => Math.abs(estimated - actual) / actual;

function expectWithin(what: string, estimated: number, metered: number) {
  console.log('DBG', what, estimated, metered);
  expect(off(estimated, metered), `${what}: ${estimated} estimated, ${metered} metered`).toBeLessThanOrEqual(0.25);
}

describe('the cost shown before a chat or Ask message', () => {
  for (const { appId, label, inputs, questions, file } of cases) {
    it(`is within 25% of the metered tokens (${appId}, ${label})`, async () => {
      h.signedIn = testUser();
      const [first, second] = questions;
      const firstDraft: ChatDraft = { query: first, inputs, attachments: file ? [{ text: file.text }] : [] };
      const firstInput = estimateChatInput(appId, firstDraft)!;
      const attached = async () => (file ? [{ type: 'document', transfer_method: 'local_file', upload_file_id: await upload(file) }] : []);
      const one = await call(`chat-messages?appid=${appId}`, { body: { query: first, inputs, files: await attached(), response_mode: 'blocking' } });
      expect(one.status).toBe(200);
      const answered = (await one.json()) as { answer: string; conversation_id: string };
      const before = await usageRows(h.signedIn.id);
      expect(sum(before, 'messages')).toBe(1);
      // The first message: its prompt from the inputs; its answer is not known yet (a typical one is shown).
      expectWithin('first input', firstInput, sum(before, 'input_tokens'));

      const history = [{ query: first, answer: answered.answer }];
      const draft: ChatDraft = { query: second, inputs, history, attachments: file ? [{ text: file.text }] : [] };
      const estimate = estimateChatRun(appId, draft, days(before))!;
      expect(estimate.basis).toBe('average');
      const files = await attached();
      const two = await call(`chat-messages?appid=${appId}`, {
        body: { query: second, inputs, files, conversation_id: answered.conversation_id, response_mode: 'blocking' },
      });
      expect(two.status).toBe(200);
      await two.json();
      const after = await usageRows(h.signedIn.id);
      expect(sum(after, 'messages')).toBe(2);
      expectWithin('input', estimate.inputTokens, sum(after, 'input_tokens') - sum(before, 'input_tokens'));
      expectWithin('output', estimate.outputTokens, sum(after, 'output_tokens') - sum(before, 'output_tokens'));
      expectWithin('total', estimate.totalTokens, sum(after, 'total_tokens') - sum(before, 'total_tokens'));
      h.signedIn = null;
    });
  }
});

// A review is metered as its run's total (workflow_finished has no split), so the total is what is held.
describe('the cost shown before a literature review', () => {
  const reviews: Array<{ label: string; topics: [string, string] }> = [
    { label: 'English', topics: ['object hallucination in multimodal large language models', 'reducing hallucination in vision language models'] },
    { label: 'Chinese', topics: ['神经网络在患者治疗中的应用', '患者治疗效果的评价方法'] },
  ];
  for (const { label, topics } of reviews) {
    it(`is within 25% of the metered tokens (${label})`, async () => {
      h.signedIn = testUser();
      const run = async (topic: string) => {
        const response = await call('workflows/run?appid=literature-review', { body: { inputs: { topic }, response_mode: 'blocking' } });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: { status: string } };
        expect(body.data.status).toBe('succeeded');
      };
      await run(topics[0]);
      const before = await usageRows(h.signedIn.id);
      expect(sum(before, 'messages')).toBe(1);
      const estimate = estimateChatRun('literature-review', { query: '', inputs: { topic: topics[1] } }, days(before))!;
      expect(estimate.basis).toBe('average');
      await run(topics[1]);
      const after = await usageRows(h.signedIn.id);
      expectWithin('total', estimate.totalTokens, sum(after, 'total_tokens') - sum(before, 'total_tokens'));
      h.signedIn = null;
    });
  }
});
