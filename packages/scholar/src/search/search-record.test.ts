// A search written down and sent again over the real local corpus: the replay searches exactly what was recorded
// (the same translation, not a new one), and the comparison names the papers added, dropped and moved and the
// sources that answered differently.
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpusDatabase } from '../../test/local-corpus';
import { refreshStatistics, upsertPapers } from '../local/store';
import type { Paper } from '../paper';
import { createLocalSource } from '../sources/local';
import { sourceRegistry, type SourceRegistry } from '../sources/registry';
import { compareSearchRecords, unchanged } from './compare-records';
import { searchFederated } from './federated-search';
import { replaySearch, searchRecord, searchRecordSchema, type SearchRecord } from './search-record';

const paper = (id: string, title: string): Paper => ({
  id,
  title,
  abstract: `${title}. A study of zeolite catalysts for methanol conversion.`,
  authors: [{ family: 'Tester', given: 'T' }],
  issued: { year: 2020 },
  container: 'Catalysis Letters',
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'csl',
});

let handle: DatabaseHandle;
let registry: SourceRegistry;
beforeAll(async () => {
  handle = await createCorpusDatabase([
    paper('csl:zeo-1', 'Zeolite catalysts for methanol to olefins'),
    paper('csl:zeo-2', 'Zeolite pore structure and methanol conversion'),
  ]);
  registry = sourceRegistry([createLocalSource(handle.db)], 5000);
});
afterAll(() => handle.close());

async function record(query: string, translate: 'auto' | 'off' = 'off'): Promise<SearchRecord> {
  const result = await searchFederated(registry, { query, limit: 5, translate });
  return searchRecord(query, { limit: 5, translate, sort: 'relevance' }, result, 12);
}

describe('a search record', () => {
  it('holds the query, options, sources and ranked ids, and passes its own schema', async () => {
    const first = await record('zeolite methanol');
    expect(first.options).toEqual({ limit: 5, translate: 'off', sort: 'relevance', sources: ['local'] });
    expect(first.sources).toEqual([{ source: 'local', state: 'ok', returned: 2, total: expect.any(Number), took_ms: expect.any(Number) }]);
    expect(first.results.map((r) => r.id).sort()).toEqual(['csl:zeo-1', 'csl:zeo-2']);
    expect(first.results[0]).toMatchObject({ year: 2020, doi: null, sources: ['local'] });
    expect(searchRecordSchema.parse(JSON.parse(JSON.stringify(first)))).toEqual(first);
    expect(searchRecordSchema.safeParse({ ...first, options: { ...first.options, sources: ['elsewhere'] } }).success).toBe(false);
    expect(searchRecordSchema.safeParse({ ...first, query: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('replays to the same results while nothing changed, and names what did after the corpus changed', async () => {
    const first = await record('zeolite methanol');
    const again = await replaySearch(registry, first);
    expect(again.results.map((r) => r.id)).toEqual(first.results.map((r) => r.id));
    expect(unchanged(compareSearchRecords(first, again))).toBe(true);

    // A new paper on the topic, and one of the old ones retitled and re-abstracted off it.
    await upsertPapers(handle.db, [
      paper('csl:zeo-3', 'Zeolite methanol chemistry revisited'),
      { ...paper('csl:zeo-2', 'Perovskite solar cells'), abstract: 'Perovskite films for photovoltaics.' },
    ]);
    await refreshStatistics(handle.db);
    const later = await replaySearch(registry, first);
    const changes = compareSearchRecords(first, later);
    expect(changes.query).toBe('zeolite methanol');
    expect(changes.added).toEqual([
      expect.objectContaining({ id: 'csl:zeo-3', title: 'Zeolite methanol chemistry revisited', year: 2020, rank: expect.any(Number) }),
    ]);
    expect(changes.dropped).toEqual([expect.objectContaining({ id: 'csl:zeo-2', title: 'Zeolite pore structure and methanol conversion' })]);
    expect(changes.sources).toEqual([]);
    expect(unchanged(changes)).toBe(false);
  });

  it('replays with the translation it recorded, not a new one', async () => {
    // A made-up word whose recorded translation leads to the zeolite papers: only the recorded translation finds them.
    const recorded: SearchRecord = {
      ...(await record('qqzeolite', 'off')),
      options: { limit: 5, translate: 'auto', sort: 'relevance', sources: ['local'] },
      translation: {
        from: 'en',
        to: 'zh',
        engine: 'llm',
        terms: [{ source: 'qqzeolite', translations: ['zeolite'] }],
        text: 'zeolite',
        searched: ['zeolite'],
        shown: [{ source: 'qqzeolite', target: 'zeolite', via: 'model' }],
      },
      results: [],
    };
    const replayed = await replaySearch(registry, recorded);
    expect(replayed.translation).toMatchObject({ engine: 'llm', text: 'zeolite' });
    expect(replayed.results.map((r) => r.id)).toContain('csl:zeo-1');
    expect(compareSearchRecords(recorded, replayed).added.map((a) => a.id)).toContain('csl:zeo-1');
  });

  it('reports a source that answered then and is switched off now', async () => {
    const first = await record('zeolite methanol');
    const withOpenAlex: SearchRecord = {
      ...first,
      options: { ...first.options, sources: ['local', 'openalex'] },
      sources: [...first.sources, { source: 'openalex', state: 'ok', returned: 0, total: 0, took_ms: 40 }],
    };
    const replayed = await replaySearch(registry, withOpenAlex);
    expect(replayed.sources.find((s) => s.source === 'openalex')).toMatchObject({ state: 'disabled', returned: null });
    expect(compareSearchRecords(withOpenAlex, replayed).sources).toEqual([{ source: 'openalex', before: 'ok', after: 'disabled' }]);
  });
});
