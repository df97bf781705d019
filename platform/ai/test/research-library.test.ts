// "Search my library": the research assistant adds the asking user's saved papers to what it retrieves, and its
// citations carry the library entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paper } from '@citewise/scholar';
import type { LibraryEntry } from '../src/index';
import { startAi, type Harness } from './harness';
import { testPapers } from './papers';

const saved: Paper = {
  id: 'doi:10.1234/soil-carbon',
  title: 'Soil carbon sequestration under perennial grasses',
  abstract: 'Perennial grasses increased soil carbon sequestration by a third over ten years. Deep roots stored most of the carbon.',
  authors: [{ given: 'Mei', family: 'Lin' }],
  issued: { year: 2021 },
  container: 'Soil Biology',
  doi: '10.1234/soil-carbon',
  arxivId: null,
  pmid: null,
  url: null,
  keywords: [],
  fields: [],
  language: 'en',
  type: 'article-journal',
  source: 'crossref',
};
const libraries: Record<string, LibraryEntry[]> = {
  owner: [
    { entryId: '11111111-1111-4111-8111-111111111111', paper: saved, note: 'for chapter 2', tags: ['soil'] },
    // Also in the local corpus: given once, as the library entry.
    { entryId: '22222222-2222-4222-8222-222222222222', paper: testPapers[0]! },
  ],
};
const asked: string[] = [];

let h: Harness;
beforeAll(async () => {
  h = await startAi(
    {},
    {
      library: async (user) => {
        asked.push(user);
        return libraries[user] ?? [];
      },
    },
  );
});
afterAll(() => h.close());

const ask = async (user: string, query: string, searchLibrary: 'yes' | 'no') =>
  (await h.call('research', '/chat-messages', { body: { query, inputs: { search_library: searchLibrary }, user } })).json();

describe('research assistant: search my library', () => {
  it('cites the user’s saved papers, first, with their library entry, and logs the library as a source', async () => {
    const body = await ask('owner', 'soil carbon sequestration and attention mechanisms', 'yes');
    const resources = body.metadata.retriever_resources as Array<Record<string, unknown>>;
    expect(resources[0]).toMatchObject({
      position: 1,
      paper_id: saved.id,
      title: saved.title,
      library_entry_id: '11111111-1111-4111-8111-111111111111',
      dataset_id: 'library',
    });
    const transformer = resources.filter((r) => r.paper_id === testPapers[0]!.id);
    expect(transformer).toHaveLength(1);
    expect(transformer[0]).toMatchObject({ library_entry_id: '22222222-2222-4222-8222-222222222222', dataset_name: 'Your library (library, local)' });
    expect(body.answer).toContain('[1]');
    expect(body.metadata.search_log.sources).toContainEqual({ source: 'library', state: 'ok', returned: 2, total: 2, took_ms: expect.any(Number) });
    expect(asked).toEqual(['owner']);
  });

  it('searches only the asking user’s library, and only when asked', async () => {
    const other = await ask('someone-else', 'soil carbon sequestration', 'yes');
    expect((other.metadata.retriever_resources as Array<{ paper_id: string }>).some((r) => r.paper_id === saved.id)).toBe(false);
    expect(asked.at(-1)).toBe('someone-else');
    const before = asked.length;
    const off = await ask('owner', 'soil carbon sequestration', 'no');
    expect(asked.length).toBe(before);
    expect((off.metadata.retriever_resources as Array<{ library_entry_id: string | null }>).every((r) => r.library_entry_id === null)).toBe(true);
    expect(off.metadata.search_log.sources.map((s: { source: string }) => s.source)).toEqual(['local']);
  });

  it('refuses a value outside the select’s options', async () => {
    const res = await h.call('research', '/chat-messages', { body: { query: 'q', inputs: { search_library: 'always' }, user: 'owner' } });
    expect(await res.json()).toMatchObject({ code: 'invalid_param', message: 'search_library in input form must be one of the following: no, yes' });
  });
});
