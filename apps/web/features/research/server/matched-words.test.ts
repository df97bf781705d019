import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import type { FederatedHit } from '@citewise/scholar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPapers } from '@/test/fixtures/papers';
import { matchedWords } from './matched-words';

// The analyser is PostgreSQL's own, so this runs against a real database (PGlite, or TEST_DATABASE_URL).
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase([]);
}, 60_000);
afterAll(() => handle?.close());

const hit = (title: string, abstract: string | null = null) => ({ paper: { ...testPapers[0]!, title, abstract }, sources: ['local'] }) as FederatedHit;
const matched = async (query: string, hits: FederatedHit[]) => (await matchedWords(handle.db, query, hits)).sort();

describe('matchedWords', () => {
  it('reports whole words by stem and never a stop-word or a fragment inside a word', async () => {
    const hits = [hit('Transformers for the Modelling of Graphs', 'A transformer model; we transform graphs for the task.')];
    expect(await matched('the transformer for modelling', hits)).toEqual(['model', 'modelling', 'transform', 'transformer', 'transformers']);
    expect(await matched('for the', hits)).toEqual([]);
    expect(await matched('form', hits)).toEqual([]);
  });

  it('matches Chinese words as the index segments them', async () => {
    const hits = [hit('基于深度学习的中文分词方法研究', '本文提出一种基于深度学习的中文分词方法。')];
    const words = await matched('中文分词', hits);
    expect(words).toEqual(expect.arrayContaining(['中文', '分词']));
    expect(words).not.toContain('的');
    expect(words.every((word) => '中文分词'.includes(word))).toBe(true);
  });

  it('answers nothing for no results', async () => {
    expect(await matched('graphs', [])).toEqual([]);
  });
});
