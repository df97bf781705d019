// Completing a record that lacks authors, year or venue from an online source with the same work: the real
// OpenAlex adapter against a replay server of its recorded answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startReplayServer, type ReplayServer } from '../../test/replay-server';
import type { Paper } from '../paper';
import { createOpenAlexSource } from '../sources/openalex';
import { sourceRegistry, type SourceRegistry } from '../sources/registry';
import { fillGaps, gapsOf } from './fill-gaps';

const OA_TITLE = 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles';
let server: ReplayServer;
let registry: SourceRegistry;

const bare = (title: string): Paper => ({
  id: 'csl:bare',
  title,
  abstract: null,
  authors: [],
  issued: null,
  container: null,
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'local',
});

beforeAll(async () => {
  const work = JSON.parse(fixture('openalex/work-W2741809807.2026.json')) as object;
  const envelope = (results: object[]) => JSON.stringify({ meta: { count: results.length, page: 1, per_page: 5 }, results, group_by: [] });
  server = await startReplayServer([
    { path: '/openalex/works', query: { search: OA_TITLE }, body: envelope([{ ...work, relevance_score: 900 }]) },
    // Another title: OpenAlex proposes the same (different) work, which must not fill anything.
    { path: '/openalex/works', body: envelope([{ ...work, relevance_score: 12 }]) },
  ]);
  registry = sourceRegistry([createOpenAlexSource({ baseUrl: `${server.url}/openalex`, rateLimit: { limit: 1000, interval: 1000 } })], 2000);
});
afterAll(() => server.close());

describe('fillGaps', () => {
  it('fills missing authors, year and venue from a source with the same title, naming the source', async () => {
    const paper = bare(OA_TITLE);
    expect(gapsOf(paper)).toEqual(['authors', 'year', 'venue']);
    const { paper: completed, filled } = await fillGaps(registry, paper);
    expect(filled).toEqual({ authors: 'openalex', year: 'openalex', venue: 'openalex' });
    expect(completed.authors[0]).toMatchObject({ family: 'Piwowar' });
    expect(completed.issued?.year).toBe(2018);
    expect(completed.container).toBe('PeerJ');
    expect(completed.title).toBe(OA_TITLE);
    expect(gapsOf(completed)).toEqual([]);
  });

  it('keeps what the record has and fills only the gaps', async () => {
    const paper = { ...bare(OA_TITLE), issued: { year: 2017 }, container: 'PeerJ Preprints' };
    const { paper: completed, filled } = await fillGaps(registry, paper);
    expect(filled).toEqual({ authors: 'openalex' });
    expect(completed.issued?.year).toBe(2017);
    expect(completed.container).toBe('PeerJ Preprints');
  });

  it('fills nothing from a work with another title, or with no online source', async () => {
    const other = bare('The state of cats: a large-scale analysis of the prevalence and impact of Open Access articles');
    expect(await fillGaps(registry, other)).toEqual({ paper: other, filled: {} });
    const paper = bare(OA_TITLE);
    expect(await fillGaps(sourceRegistry([], 2000), paper)).toEqual({ paper, filled: {} });
  });
});
