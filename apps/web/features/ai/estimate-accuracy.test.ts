import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { estimateRun } from './estimate';
import { call, h, startHarnessWith, stopHarness, testUser, usageRows } from './testing/proxy-harness';

// The cost shown before a run (estimate.ts) against what the proxy meters for it afterwards: the writing tools run
// through the product's proxy and the embedded runtime to the OpenAI test server, which here reports its usage with
// GPT-4o's real tokenizer (o200k_base, gpt-tokenizer) over the prompt the runtime really sent and the answer it
// gave. The test server echoes the text, about as long as a polished paragraph or a translation.
vi.setConfig({ testTimeout: 30_000 });
vi.mock('@/lib/db/database', async () => ({ appDatabase: async () => (await import('./testing/proxy-harness')).h.handle }));
vi.mock('@/lib/auth/session', async () => ({ currentUser: async () => (await import('./testing/proxy-harness')).h.signedIn }));
vi.mock('@/lib/platform/services', async () => ({ aiPlatform: async () => (await import('./testing/proxy-harness')).runtime() }));

beforeAll(() => startHarnessWith({ countTokens: (text) => countTokens(text) }), 60_000);
afterAll(stopHarness);

const ENGLISH =
  'Transformer models have become the dominant architecture for sequence modelling in natural language processing. ' +
  'Their self-attention mechanism relates every position of a sequence to every other position, which lets them capture ' +
  'long-range dependencies that recurrent networks struggle with. However, the cost of attention grows quadratically ' +
  'with the length of the input, so efficient variants approximate it with sparse patterns, low-rank projections or ' +
  'kernel methods. We compare six such variants on long-document classification and find that the accuracy gap to ' +
  'full attention narrows as the training budget grows, while memory use stays up to four times lower [12].';
const CHINESE =
  '中文分词是中文自然语言处理的基础任务之一。与英文不同，中文文本的词与词之间没有空格，因此需要先确定词的边界，' +
  '才能进行句法分析、信息检索和机器翻译等后续处理。早期方法主要依赖词典匹配和统计模型，近年来基于神经网络的序列标注方法' +
  '显著提高了分词的准确率，尤其是在新词和领域术语的识别上。本文比较了三种主流模型在新闻和医学语料上的表现。';

const cases: Array<{ appId: string; inputs: Record<string, string>; label: string }> = [
  { appId: 'academic-polish', inputs: { query: ENGLISH, style: 'formal' }, label: 'polish, English' },
  { appId: 'academic-polish', inputs: { query: CHINESE, style: 'concise' }, label: 'polish, Chinese' },
  { appId: 'academic-translate', inputs: { query: ENGLISH, direction: 'en-zh' }, label: 'translate, English' },
  { appId: 'academic-translate', inputs: { query: CHINESE, direction: 'zh-en' }, label: 'translate, Chinese' },
];

describe('the cost shown before a run', () => {
  for (const { appId, inputs, label } of cases) {
    it(`is within 25% of the metered tokens (${label})`, async () => {
      const user = testUser();
      h.signedIn = user;
      const estimate = estimateRun(appId, inputs)!;
      expect(estimate).not.toBeNull();
      const response = await call(`completion-messages?appid=${appId}`, { body: { inputs, response_mode: 'blocking' } });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { metadata: { usage: { total_tokens: number } } };
      const [metered] = await usageRows(user.id);
      expect(metered!.messages).toBe(1);
      expect(metered!.total_tokens).toBe(answer.metadata.usage.total_tokens);
      const within = (estimated: number, actual: number) => Math.abs(estimated - actual) / actual;
      expect(within(estimate.totalTokens, metered!.total_tokens), `${estimate.totalTokens} estimated, ${metered!.total_tokens} metered`).toBeLessThanOrEqual(
        0.25,
      );
      expect(
        within(estimate.inputTokens, metered!.input_tokens),
        `input: ${estimate.inputTokens} estimated, ${metered!.input_tokens} metered`,
      ).toBeLessThanOrEqual(0.25);
      expect(
        within(estimate.outputTokens, metered!.output_tokens),
        `output: ${estimate.outputTokens} estimated, ${metered!.output_tokens} metered`,
      ).toBeLessThanOrEqual(0.25);
      h.signedIn = null;
    });
  }
});
