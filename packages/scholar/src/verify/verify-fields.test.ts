// The checker says only what it compared: every field gets a verdict (matched, slip, different, not in the
// record); a reference with a field no record holds is partial, never verified; slips are shown with the
// record's value and corrected; online sources fill what the local record lacks. Real local corpus; the real
// OpenAlex adapter against a replay server.
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpusDatabase } from '../../test/local-corpus';
import { fixture, startReplayServer, type ReplayServer } from '../../test/replay-server';
import { formatReference } from '../citations/format';
import { createLocalSource } from '../sources/local';
import { createOpenAlexSource } from '../sources/openalex';
import { sourceRegistry, type SourceRegistry } from '../sources/registry';
import { verifyReference } from './verify-reference';

const ZH_TITLE = '水运工程施工项目全过程管理的有效性探索';
const SCHOLAR = 'ScholarCopilot: Training Large Language Models for Academic Writing with Accurate Citations';
let handle: DatabaseHandle;
let server: ReplayServer;
let local: SourceRegistry;
let online: SourceRegistry;

beforeAll(async () => {
  handle = await createCorpusDatabase();
  // The recorded OpenAlex work, given the Chinese paper's title, authors, journal and issue: the shape OpenAlex
  // answers for the many Chinese journals it indexes (constructed here; no Chinese work was recorded).
  const recorded = JSON.parse(fixture('openalex/work-W2741809807.2026.json')) as Record<string, unknown>;
  const work = {
    ...recorded,
    id: 'https://openalex.org/W4000000002',
    doi: null,
    ids: { openalex: 'https://openalex.org/W4000000002' },
    title: ZH_TITLE,
    display_name: ZH_TITLE,
    publication_year: 2020,
    publication_date: '2020-03-15',
    language: 'zh',
    abstract_inverted_index: null,
    authorships: [{ author: { display_name: '张三' } }, { author: { display_name: '李四' } }],
    primary_location: { source: { display_name: '水运工程' } },
    locations: [],
    biblio: { volume: '12', issue: '3', first_page: '45', last_page: '50' },
  };
  // The same for the preprint of the local corpus, with the volume and pages of a proceedings (constructed too).
  const proceedings = {
    ...recorded,
    id: 'https://openalex.org/W4000000003',
    doi: 'https://doi.org/10.48550/arxiv.2504.00824',
    ids: { openalex: 'https://openalex.org/W4000000003' },
    title: SCHOLAR,
    display_name: SCHOLAR,
    publication_year: 2025,
    publication_date: '2025-04-01',
    abstract_inverted_index: null,
    authorships: ['Yubo Wang', 'Xueguang Ma', 'Ping Nie', 'Huaye Zeng'].map((name) => ({ author: { display_name: name } })),
    primary_location: { source: { display_name: 'arXiv' } },
    locations: [],
    biblio: { volume: '3', issue: null, first_page: '101', last_page: '117' },
  };
  server = await startReplayServer([
    {
      path: '/openalex/works',
      query: { search: SCHOLAR },
      body: JSON.stringify({ meta: { count: 1, page: 1, per_page: 5 }, results: [{ ...proceedings, relevance_score: 300 }], group_by: [] }),
    },
    {
      path: '/openalex/works',
      query: { search: ZH_TITLE },
      body: JSON.stringify({ meta: { count: 1, page: 1, per_page: 5 }, results: [{ ...work, relevance_score: 300 }], group_by: [] }),
    },
    { path: '/openalex/works', body: JSON.stringify({ meta: { count: 0, page: 1, per_page: 5 }, results: [], group_by: [] }) },
  ]);
  local = sourceRegistry([createLocalSource(handle.db)], 2000);
  online = sourceRegistry(
    [createLocalSource(handle.db), createOpenAlexSource({ baseUrl: `${server.url}/openalex`, rateLimit: { limit: 1000, interval: 1000 } })],
    2000,
  );
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

const verdicts = (result: object) =>
  Object.fromEntries(('fields' in result ? (result.fields as Array<{ field: string; verdict: string }>) : []).map((f) => [f.field, f.verdict]));

describe('invented metadata on a real title', () => {
  const INVENTED = `[1] 王建国, 李红梅. ${ZH_TITLE}[J]. 中国港湾建设, 2019, 38(4): 112-118.`;

  it('is partial, never verified, when the record holds the title alone; the corrected reference keeps every field', async () => {
    const result = await verifyReference(local, INVENTED);
    expect(result.status).toBe('partial');
    if (result.status !== 'partial') return;
    expect(verdicts(result)).toEqual({
      title: 'matched',
      authors: 'not_in_record',
      year: 'not_in_record',
      container: 'not_in_record',
      volume: 'not_in_record',
      issue: 'not_in_record',
      pages: 'not_in_record',
    });
    expect(result.unconfirmed).toEqual(['authors', 'year', 'container', 'volume', 'issue', 'pages']);
    expect(result.corrected).toMatchObject({
      id: 'csl:dev-0002',
      title: ZH_TITLE,
      authors: [{ literal: '王建国' }, { literal: '李红梅' }],
      issued: { year: 2019 },
      container: '中国港湾建设',
      details: { volume: '38', issue: '4', page: '112-118' },
    });
    // Not the title alone: the GB/T entry of the corrected reference is the user's, whole.
    expect(formatReference(result.corrected, { style: 'gb-t-7714-2015-numeric' })).toBe(`王建国, 李红梅. ${ZH_TITLE}[J]. 中国港湾建设, 2019, 38(4): 112-118.`);
  });

  it('differs from an online record that holds the fields, which corrects them', async () => {
    const result = await verifyReference(online, INVENTED);
    expect(result.status).toBe('mismatch');
    if (result.status !== 'mismatch') return;
    expect(result.sources).toEqual(['local', 'openalex']);
    expect(verdicts(result)).toEqual({
      title: 'matched',
      authors: 'different',
      year: 'different',
      container: 'different',
      volume: 'different',
      issue: 'different',
      pages: 'different',
    });
    expect(result.differences.find((d) => d.field === 'authors')).toMatchObject({ expected: '王建国, 李红梅', found: '张三, 李四' });
    expect(formatReference(result.corrected, { style: 'gb-t-7714-2015-numeric' })).toMatch(`张三, 李四. ${ZH_TITLE}[J/OL]. 水运工程, 2020, 12(3): 45-50.`);
  });

  it('is verified when an online source confirms what the local record lacks', async () => {
    const result = await verifyReference(online, `[2] 张三, 李四. ${ZH_TITLE}[J]. 水运工程, 2020, 12(3): 45-50.`);
    expect(result).toMatchObject({ status: 'verified', unconfirmed: [], differences: [], sources: ['local', 'openalex'], paper: { id: 'csl:dev-0002' } });
  });
});

describe('fields the local record lacks', () => {
  it('are looked for online under the title even when the local record was found by its identifier', async () => {
    const reference = `Wang Y, Ma X, Nie P, Zeng H. ${SCHOLAR}. arXiv. 2025;3:101-17. arXiv:2504.00824`;
    expect(await verifyReference(local, reference)).toMatchObject({ status: 'partial', unconfirmed: ['volume', 'pages'] });
    const result = await verifyReference(online, reference);
    expect(result).toMatchObject({ status: 'verified', unconfirmed: [], sources: ['local', 'openalex'] });
    expect(verdicts(result)).toMatchObject({ volume: 'matched', pages: 'matched', arxivId: 'matched' });
  });
});

describe('spelling slips', () => {
  it("shows two swapped letters in a title with the record's title, and corrects them", async () => {
    const result = await verifyReference(local, `Wang Y, Ma X, Nie P, Zeng H. ${SCHOLAR.replace('Language', 'Langauge')}. arXiv; 2025.`);
    expect(result.status).toBe('corrected');
    if (result.status !== 'corrected') return;
    expect(result.differences).toEqual([
      { field: 'title', verdict: 'slip', expected: SCHOLAR.replace('Language', 'Langauge'), found: SCHOLAR, similarity: expect.any(Number) },
    ]);
    expect(result.corrected.title).toBe(SCHOLAR);
  });

  it('shows a slipped author name and a cut subtitle; a wrong year stays a mismatch', async () => {
    const author = await verifyReference(local, `Wnag Y, Ma X, Nie P. ${SCHOLAR}. arXiv; 2025.`);
    expect(author).toMatchObject({
      status: 'corrected',
      differences: [{ field: 'authors', verdict: 'slip', expected: 'Wnag, Ma, Nie', found: 'Wang, Ma, Nie, …' }],
    });
    const cut = await verifyReference(local, 'Wang Y, Ma X. ScholarCopilot: Training Large Language Models for Academic Writing. arXiv; 2025.');
    expect(cut).toMatchObject({ status: 'corrected', differences: [{ field: 'title', verdict: 'slip', found: SCHOLAR }] });
    const year = await verifyReference(local, `Wang Y, Ma X. ${SCHOLAR.replace('Language', 'Langauge')}. arXiv; 2024.`);
    expect(year).toMatchObject({
      status: 'mismatch',
      differences: [
        { field: 'title', verdict: 'slip' },
        { field: 'year', verdict: 'different', found: 2025 },
      ],
    });
  });

  it('verifies a Chinese title with one slip as corrected, and takes width, case and punctuation as the same', async () => {
    const slip = await verifyReference(local, '水运工程施工项目全过程管理的有校性探索[J].');
    expect(slip).toMatchObject({ status: 'corrected', differences: [{ field: 'title', verdict: 'slip', found: ZH_TITLE }] });
    const wide = await verifyReference(
      local,
      'ＷＡＮＧ Ｙ，ＭＡ Ｘ． scholarcopilot： training large language models for academic writing with accurate citations［Ｊ］． arXiv，2025．',
    );
    expect(wide).toMatchObject({ status: 'verified', paper: { id: 'arXiv:2504.00824' } });
  });
});
