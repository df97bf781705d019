// The research assistant's retrieval translates a Chinese question as literature search does: through the
// registry's translator (the deployment's model, here the real `openai` client against the OpenAI-protocol test
// server), with its cache, or the glossary and dictionary without one.
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import {
  createLlmTranslator,
  createLocalSource,
  migrations as scholarMigrations,
  refreshStatistics,
  sourceRegistry,
  upsertPapers,
  type Paper,
} from '@citewise/scholar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../test/openai-test-server';
import { testPapers } from '../../test/papers';
import { createAiService, loadAiConfig } from '../index';
import { migrations } from '../db/migrations';
import { retrieve } from './retrieve';

const QUESTION = '奥希替尼耐药的机制有哪些';
const osimertinib: Paper = {
  ...testPapers[0]!,
  id: 'test:osimertinib',
  arxivId: null,
  title: 'Mechanisms of acquired resistance to osimertinib in EGFR-mutant lung cancer',
  abstract: 'Resistance to osimertinib arises through MET amplification and secondary EGFR mutations.',
};

let handle: DatabaseHandle;
let llm: OpenAiTestServer;

beforeAll(async () => {
  llm = await startOpenAiTestServer({ translations: { [QUESTION]: 'mechanisms of resistance to osimertinib' } });
  handle = await createTestDatabase([scholarMigrations, migrations]);
  await upsertPapers(handle.db, [...testPapers, osimertinib]);
  await refreshStatistics(handle.db);
});
afterAll(async () => {
  await llm.close();
  await handle.close();
});

it('searches a Chinese question through the registry translator, asking the model once per question', async () => {
  const model = createLlmTranslator({ baseUrl: llm.url, apiKey: 'test', model: 'test-model', timeoutMs: 5000 });
  const registry = { ...sourceRegistry([createLocalSource(handle.db)], 5000), translate: (query: string, signal?: AbortSignal) => model(query, { signal }) };
  const first = await retrieve(registry, QUESTION, { limit: 3 });
  expect(first.evidence[0]!.paper.id).toBe('test:osimertinib');
  expect(llm.requests).toHaveLength(1);
  expect(llm.requests[0]!.messages.at(-1)!.content).toBe(QUESTION);
  // The same question again (or the same query on the search page, which shares the translator): its cache answers.
  await retrieve(registry, QUESTION, { limit: 3 });
  expect(llm.requests).toHaveLength(1);
  // An English question is searched as written.
  await retrieve(registry, 'osimertinib resistance', { limit: 3 });
  expect(llm.requests).toHaveLength(1);
});

it('gives the default registry of the AI service the model translator of the LLM settings, and none without a model', async () => {
  const withModel = await createAiService({ db: handle.db, config: loadAiConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' }) });
  expect((await withModel.context.sources()).translate).toBeTypeOf('function');
  const off = await createAiService({ db: handle.db, config: loadAiConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', SEARCH_LLM_TRANSLATION: 'off' }) });
  expect((await off.context.sources()).translate).toBeUndefined();
  const none = await createAiService({ db: handle.db, config: loadAiConfig({}) });
  expect((await none.context.sources()).translate).toBeUndefined();
});
