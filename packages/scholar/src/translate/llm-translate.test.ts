// Query translation by a model: the real `openai` client against the local OpenAI-protocol test server, which
// translates from a fixed table. The model's translation is searched, cached, metered, and the dictionary takes
// over when the model is slow or fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { paperFromCorpusRecord } from '../import/corpus-record';
import { importJsonLines } from '../import/import-file';
import { searchLocal } from '../local/search';
import { createLlmTranslator, FAILURE_TTL_MS, FAILURES_BEFORE_PAUSE, PAUSE_MS, type TranslationUsage } from './llm-translate';
import { translatedWords, translateWithDictionary } from './translate-query';

let server: OpenAiTestServer;
let handle: DatabaseHandle;
let dir: string;

const en = (id: string, title: string, abstract: string) => JSON.stringify({ id, title, abstract, authors: [], year: 2025, language: 'en', source: 'test' });

beforeAll(async () => {
  // 奥希替尼 (osimertinib) is translated by the table; neither the glossary nor CC-CEDICT has it.
  server = await startOpenAiTestServer({
    translations: {
      奥希替尼耐药: 'osimertinib resistance',
      量子纠缠: 'quantum entanglement',
      量子纠缠猫咪烘焙学: 'quantum entanglement cat baking studies',
      为什么肿瘤细胞在氧气充足时仍然依赖糖酵解供能: 'why tumour cells still rely on glycolysis for energy when oxygen is plentiful',
    },
  });
  handle = await createTestDatabase([migrations]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-llm-translate-'));
  const file = path.join(dir, 'corpus.jsonl');
  fs.writeFileSync(
    file,
    `${[
      en('en-glycolysis', 'Glycolysis in tumor metabolism', 'Cancer cells rely on glycolysis even when oxygen is present.'),
      en('en-galaxy', 'Galaxy rotation curves', 'Rotation curves of spiral galaxies constrain the dark matter halos around them.'),
      en('en-osimertinib', 'Osimertinib resistance', 'Endocrine therapy fails in a third of tumours.'),
      en('en-sleep', 'Stress and sleep in students', 'Examination stress shortens sleep.'),
      en('en-entanglement', 'Quantum entanglement between photons on a chip', 'We study entangled photon pairs generated on a silicon chip.'),
      en('en-attention', 'Attention mechanisms in sequence models', 'An attention mechanism weighs the inputs of a sequence model.'),
      // Attention and mechanisms are common words in English papers; the Chinese translation's words are in one paper.
      ...[
        'Visual attention in reading',
        'Repair mechanisms of DNA',
        'Attention span of students',
        'Reaction mechanisms of catalysts',
        'Attention to detail in audits',
        'Market mechanisms and prices',
      ].map((title, i) => en(`en-common-${i}`, title, `${title} are studied at length.`)),
      JSON.stringify({
        id: 'zh-attention',
        title: '注意力机制综述',
        abstract: '注意力机制为序列模型的输入分配权重。',
        authors: [],
        year: 2025,
        language: 'zh',
        source: 'csl',
      }),
    ].join('\n')}\n`,
  );
  await importJsonLines(handle.db, file, paperFromCorpusRecord);
});
afterAll(async () => {
  await server.close();
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

const translator = (options: { timeoutMs?: number; cacheSize?: number; fuse?: boolean; baseUrl?: string } = {}) =>
  createLlmTranslator({
    baseUrl: options.baseUrl ?? server.url,
    apiKey: 'test',
    model: 'test-model',
    timeoutMs: options.timeoutMs ?? 2000,
    cacheSize: options.cacheSize,
    fuse: options.fuse,
  });

describe('query translation by a model', () => {
  it('searches the model translation beside the query own words, and shows it', async () => {
    // The glossary and dictionary cannot name the drug: its characters are searched as written.
    expect(translateWithDictionary('奥希替尼耐药').terms.map((t) => t.translations[0])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      'drug resistance',
    ]);
    const translate = translator();
    const translation = await translate('奥希替尼耐药');
    expect(translation).toMatchObject({ engine: 'llm', from: 'zh', to: 'en', text: 'osimertinib resistance' });
    // A short query keeps its words' translations beside the model's; the name is translated by the model only.
    expect(translatedWords(translation)).toEqual(['osimertinib resistance', 'drug resistance']);
    // The model was asked once, with the translation instruction and the query as written.
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.messages.map((m) => m.content)).toEqual([expect.stringMatching(/^Translate the search query into English/), '奥希替尼耐药']);
    const { hits } = await searchLocal(handle.db, { query: '奥希替尼耐药', translation });
    expect(hits.map((h) => h.id)).toEqual(['en-osimertinib']);
    // An English query goes the other way.
    expect(await translate('attention mechanism')).toMatchObject({ engine: 'llm', from: 'en', to: 'zh', text: '注意力机制' });
  });

  it('answers a repeated query from its cache, without a second model call, and meters only model calls', async () => {
    const usage: TranslationUsage[] = [];
    const translate = translator();
    const first = await translate('乳腺癌的糖酵解', { onUsage: (u) => void usage.push(u) });
    const again = await translate('  乳腺癌的糖酵解 ', { onUsage: (u) => void usage.push(u) });
    expect(again).toEqual(first);
    expect(first.text).toBe('glycolysis in breast cancer');
    expect(server.requests).toHaveLength(1);
    expect(usage).toHaveLength(1);
    expect(usage[0]!.totalTokens).toBeGreaterThan(0);
    expect(usage[0]!.totalTokens).toBe(usage[0]!.promptTokens + usage[0]!.completionTokens);
    // Concurrent searches for one new query share one call.
    await Promise.all([translate('注意力机制'), translate('注意力机制'), translate('注意力机制')]);
    expect(server.requests).toHaveLength(2);
    expect(translate.cached()).toBe(2);
  });

  it('keeps translations in a lasting store: another process asks no model, and a failing store is ignored', async () => {
    const stored = new Map<string, string>();
    const store = { get: async (key: string) => stored.get(key), set: async (key: string, text: string) => void stored.set(key, text) };
    const first = createLlmTranslator({ baseUrl: server.url, apiKey: 'test', model: 'test-model', timeoutMs: 2000, store });
    await first('乳腺癌的糖酵解');
    await new Promise((resolve) => setImmediate(resolve));
    expect([...stored.values()]).toEqual(['glycolysis in breast cancer']);
    // A new process (an empty memory cache) finds it in the store.
    const usage: TranslationUsage[] = [];
    const second = createLlmTranslator({ baseUrl: server.url, apiKey: 'test', model: 'test-model', timeoutMs: 2000, store });
    expect(await second('乳腺癌的糖酵解', { onUsage: (u) => void usage.push(u) })).toMatchObject({ engine: 'llm', text: 'glycolysis in breast cancer' });
    expect(server.requests).toHaveLength(1);
    expect(usage).toHaveLength(0);
    // A store that fails or hangs costs at most its short wait; the model is asked.
    const broken = {
      get: () => new Promise<string>(() => undefined),
      set: async () => {
        throw new Error('down');
      },
    };
    const third = createLlmTranslator({ baseUrl: server.url, apiKey: 'test', model: 'test-model', timeoutMs: 2000, store: broken });
    expect(await third('注意力机制')).toMatchObject({ engine: 'llm', text: 'attention mechanism' });
    expect(server.requests).toHaveLength(2);
  });

  it('keeps a bounded cache: the least recently used translation is asked for again', async () => {
    const translate = translator({ cacheSize: 2 });
    await translate('糖酵解');
    await translate('注意力机制');
    await translate('糖酵解');
    await translate('乳腺癌的糖酵解'); // evicts 注意力机制, the least recently used
    expect(translate.cached()).toBe(2);
    await translate('糖酵解');
    expect(server.requests).toHaveLength(3);
    await translate('注意力机制');
    expect(server.requests).toHaveLength(4);
  });

  it('falls back to the dictionary when the model does not answer within the timeout', async () => {
    const translate = translator({ timeoutMs: 300 });
    const started = performance.now();
    const translation = await translate('糖酵解 #hang');
    expect(performance.now() - started).toBeLessThan(1500);
    expect(translation.engine).toBe('dictionary');
    expect(translation.terms[0]).toMatchObject({ source: '糖酵解', translations: ['glycolysis'] });
    expect(server.requests).toHaveLength(1);
    // A fallback is not cached: the next search asks the model again.
    expect(translate.cached()).toBe(0);
  });

  it('falls back to the dictionary when the model fails, is unreachable or answers no translation', async () => {
    const usage: TranslationUsage[] = [];
    const failing = await translator()('糖酵解 #status=503', { onUsage: (u) => void usage.push(u) });
    expect(failing.engine).toBe('dictionary');
    expect(usage).toHaveLength(0);
    const unreachable = await translator({ baseUrl: 'http://127.0.0.1:9/v1' })('糖酵解');
    expect(unreachable).toMatchObject({ engine: 'dictionary', terms: [{ source: '糖酵解', translations: ['glycolysis'] }] });
    // The table has no entry: the server echoes the query, which is no translation, in either direction.
    expect((await translator()('galaxy rotation curves')).engine).toBe('dictionary');
    expect((await translator()('BRCA1 乳腺癌')).engine).toBe('dictionary');
  });

  it('does not ask the model when told not to (a user without AI quota)', async () => {
    const translate = translator();
    const translation = await translate('糖酵解', { allowModel: () => false });
    expect(translation.engine).toBe('dictionary');
    expect(server.requests).toHaveLength(0);
    // A translation already cached costs nothing and is still used.
    await translate('注意力机制');
    let asked = 0;
    const cached = await translate('注意力机制', { allowModel: () => Boolean(asked++) });
    expect(cached.engine).toBe('llm');
    expect(asked).toBe(0);
  });

  it('searches the model translation alone for a sentence by default, and fused with the glossary and dictionary when asked', async () => {
    const sentence = '为什么肿瘤细胞在氧气充足时仍然依赖糖酵解供能';
    const fused = await translator({ fuse: true })(sentence);
    expect(fused.terms.find((t) => t.source === '糖酵解')?.translations).toEqual(['glycolysis']);
    const alone = await translator()(sentence);
    expect(alone.terms.every((t) => t.translations.length === 0)).toBe(true);
    expect(alone.text).toBe('why tumour cells still rely on glycolysis for energy when oxygen is plentiful');
    const { hits } = await searchLocal(handle.db, { query: sentence, translation: alone });
    expect(hits[0]!.id).toBe('en-glycolysis');
  });

  it("ranks papers in an English query's own language first: the model's Chinese words weigh no more than its own words", async () => {
    const translation = await translator()('attention mechanism');
    expect(translation).toMatchObject({ engine: 'llm', text: '注意力机制' });
    const { hits } = await searchLocal(handle.db, { query: 'attention mechanism', translation });
    // Chinese papers are few, so their words are rare: uncapped, the model's Chinese words would outweigh the query.
    const ids = hits.map((h) => h.id);
    expect(ids[0]).toBe('en-attention');
    expect(ids).toContain('zh-attention');
  });

  it('keeps the minimum-should-match of a short Chinese query with a model: a nonsense query finds nothing', async () => {
    const translate = translator();
    // A short query keeps its glossary and dictionary translations beside the model's.
    const short = await translate('量子纠缠');
    expect(short).toMatchObject({
      engine: 'llm',
      text: 'quantum entanglement',
      terms: [{ source: '量子纠缠', translations: ['quantum entanglement'], via: 'glossary' }],
    });
    expect((await searchLocal(handle.db, { query: '量子纠缠', translation: short })).hits.map((h) => h.id)).toEqual(['en-entanglement']);
    // "Quantum entanglement, kitten, baking": the paper on entanglement has two of its words, in neither language most.
    const nonsense = await translate('量子纠缠猫咪烘焙学');
    expect(nonsense.text).toBe('quantum entanglement cat baking studies');
    expect((await searchLocal(handle.db, { query: '量子纠缠猫咪烘焙学', translation: nonsense })).hits).toEqual([]);
    // The same through the dictionary, when the model fails.
    expect((await searchLocal(handle.db, { query: '量子纠缠猫咪烘焙学', translation: translateWithDictionary('量子纠缠猫咪烘焙学') })).hits).toEqual([]);
    // The model's words still find what the glossary and dictionary cannot name (奥希替尼, osimertinib).
    const osimertinib = await translate('奥希替尼耐药');
    expect((await searchLocal(handle.db, { query: '奥希替尼耐药', translation: osimertinib })).hits[0]!.id).toBe('en-osimertinib');
  });

  it('remembers a failed query for a while, so a failing model is not asked again at every search', async () => {
    let clock = 1_000_000;
    const translate = createLlmTranslator({ baseUrl: server.url, apiKey: 'test', model: 'test-model', timeoutMs: 2000, now: () => clock });
    expect((await translate('糖酵解 #status=503')).engine).toBe('dictionary');
    expect((await translate('糖酵解 #status=503')).engine).toBe('dictionary');
    expect(server.requests).toHaveLength(1);
    clock += FAILURE_TTL_MS - 1;
    await translate('糖酵解 #status=503');
    expect(server.requests).toHaveLength(1);
    // Past the while, the model is asked again.
    clock += 2;
    await translate('糖酵解 #status=503');
    expect(server.requests).toHaveLength(2);
    // An answer that is no translation (the server echoes a query it has no entry for) is remembered the same way.
    await translate('galaxy rotation curves');
    await translate('galaxy rotation curves');
    expect(server.requests).toHaveLength(3);
  });

  it('leaves a model alone for a while after several failed calls in a row, then asks it again', async () => {
    let clock = 1_000_000;
    const translate = createLlmTranslator({ baseUrl: server.url, apiKey: 'test', model: 'test-model', timeoutMs: 2000, now: () => clock });
    for (let i = 0; i < FAILURES_BEFORE_PAUSE; i++) expect((await translate(`糖酵解 ${i} #status=503`)).engine).toBe('dictionary');
    expect(server.requests).toHaveLength(FAILURES_BEFORE_PAUSE);
    // A query the model would translate is translated by the dictionary while the model is left alone.
    expect((await translate('注意力机制')).engine).toBe('dictionary');
    expect(server.requests).toHaveLength(FAILURES_BEFORE_PAUSE);
    clock += PAUSE_MS;
    expect(await translate('注意力机制')).toMatchObject({ engine: 'llm', text: 'attention mechanism' });
    expect(server.requests).toHaveLength(FAILURES_BEFORE_PAUSE + 1);
  });
});
