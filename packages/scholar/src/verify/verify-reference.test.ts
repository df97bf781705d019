// Verification of real, altered and invented references against the real local corpus (sample records) and
// real online adapters pointed at replay servers of recorded answers.
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esearchBody, efetchBody } from '../../test/eutils-replay';
import { createCorpusDatabase } from '../../test/local-corpus';
import { fixture, startReplayServer, type ReplayServer } from '../../test/replay-server';
import { InvalidInputError } from '../search/invalid-input';
import { createArxivSource } from '../sources/arxiv';
import { createCrossrefSource } from '../sources/crossref';
import { createLocalSource } from '../sources/local';
import { createOpenAlexSource } from '../sources/openalex';
import { createPubmedSource } from '../sources/pubmed';
import { sourceRegistry, type SourceRegistry } from '../sources/registry';
import { verifyReference } from './verify-reference';

let handle: DatabaseHandle;
let server: ReplayServer;
let registry: SourceRegistry;
const fast = { limit: 1000, interval: 1000 };
const OA_TITLE = 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles';
const OA_AUTHORS = 'Piwowar, H., Priem, J., Larivière, V., Alperin, J. P., Matthias, L., Norlander, B., Farley, A., West, J., & Haustein, S.';
const LIEBER =
  'Lieber RL, Jacks TM, Mohler RL, et al. Growth hormone secretagogue increases muscle strength during remobilization after canine hindlimb immobilization.';

beforeAll(async () => {
  handle = await createCorpusDatabase();
  const work = JSON.parse(fixture('openalex/work-W2741809807.2026.json')) as object;
  const envelope = (results: object[]) => JSON.stringify({ meta: { count: results.length, page: 1, per_page: 5 }, results, group_by: [] });
  server = await startReplayServer([
    { path: '/openalex/works/doi:10.7717/peerj.4375', file: 'openalex/work-W2741809807.2026.json' },
    { path: /^\/openalex\/works\/(doi|pmid):/, status: 404, body: '{"error":"NotFoundError","message":"Work not found"}' },
    // Title searches: the recorded work in a constructed list envelope for its own title, an empty list otherwise.
    { path: '/openalex/works', query: { search: OA_TITLE }, body: envelope([{ ...work, relevance_score: 900 }]) },
    { path: '/openalex/works', query: { search: 'A study that hangs' }, hang: true },
    { path: '/openalex/works', body: envelope([]) },
    { path: '/crossref/works/10.1038/srep16696', file: 'crossref/works_10.1038_srep16696.200.json' },
    { path: '/crossref/works/10.1002/jor.1100150407', file: 'crossref/works_10.1002_jor.1100150407.200.json' },
    { path: /^\/crossref\/works\/10\./, status: 404, file: 'crossref/works_10.1371_notarealdoi.404.txt' },
    // Crossref's reference matching always proposes something: here, the recorded (unrelated) "ecology" works.
    { path: '/crossref/works', file: 'crossref/works__query-ecology_rows-2.200.json' },
    { path: '/eutils/efetch.fcgi', body: efetchBody },
    { path: '/eutils/esearch.fcgi', body: esearchBody(0, []) },
    { path: '/arxiv/query', query: { id_list: '1605.08386' }, file: 'arxiv/id_list-1605.08386.xml' },
    { path: '/arxiv/query', file: 'arxiv/id_list-0000.0000-empty.xml' },
  ]);
  registry = sourceRegistry(
    [
      createLocalSource(handle.db),
      createOpenAlexSource({ baseUrl: `${server.url}/openalex`, rateLimit: fast }),
      createCrossrefSource({ baseUrl: `${server.url}/crossref`, rateLimit: fast }),
      createPubmedSource({ baseUrl: `${server.url}/eutils`, rateLimit: fast }),
      createArxivSource({ baseUrl: `${server.url}/arxiv`, rateLimit: fast }),
    ],
    2000,
  );
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

const states = (result: { checked: Array<{ source: string; state: string }> }) => Object.fromEntries(result.checked.map((s) => [s.source, s.state]));

describe('references in the local corpus', () => {
  it('verifies by arXiv id without going online', async () => {
    const before = server.requests.length;
    const result = await verifyReference(registry, 'arXiv:2504.00824');
    expect(result).toMatchObject({
      status: 'verified',
      sources: ['local'],
      paper: { id: 'arXiv:2504.00824', title: expect.stringMatching(/^ScholarCopilot/) },
      similarity: 1,
    });
    expect(states(result)).toEqual({ local: 'ok' });
    expect(server.requests.length).toBe(before);
  });

  it('verifies a formatted reference and a title + authors + year by title alone', async () => {
    const apa = await verifyReference(
      registry,
      'Hou, J., Luo, Z., & Lacey, C. G. (2025). A random walk model for the evolution of the halo spin vector. arXiv preprint.',
    );
    expect(apa).toMatchObject({ status: 'verified', paper: { id: 'arXiv:2505.02669' } });
    const structured = await verifyReference(registry, {
      title: 'A Random-Walk Model for the Evolution of the Halo Spin Vector',
      authors: ['Jun Hou', 'Zhijian Luo'],
      year: 2025,
    });
    expect(structured).toMatchObject({ status: 'verified', paper: { id: 'arXiv:2505.02669' }, similarity: 1 });
  });

  it('reports an altered year and first author, with similarities', async () => {
    const result = await verifyReference(registry, {
      title: 'A random walk model for the evolution of the halo spin vector',
      authors: ['Smith', 'Luo'],
      year: 2023,
    });
    expect(result.status).toBe('mismatch');
    if (result.status !== 'mismatch') return;
    expect(result.paper.id).toBe('arXiv:2505.02669');
    expect(result.differences).toEqual([
      { field: 'authors', verdict: 'different', expected: 'Smith, Luo', found: 'Hou, Luo, Lacey', similarity: 0.5 },
      { field: 'year', verdict: 'different', expected: 2023, found: 2025, similarity: 0.8 },
    ]);
    expect(result.fields.map((f) => [f.field, f.verdict])).toEqual([
      ['title', 'matched'],
      ['authors', 'different'],
      ['year', 'different'],
    ]);
    // The corrected reference is the record's.
    expect(result.corrected).toMatchObject({ authors: [{ family: 'Hou' }, { family: 'Luo' }, { family: 'Lacey' }], issued: { year: 2025 } });
    // The local corpus did not settle it: the online sources were asked too.
    expect(states(result)).toMatchObject({ local: 'ok', openalex: 'ok', crossref: 'ok', pubmed: 'ok', arxiv: 'ok' });
  });

  it('reports one substituted title word as a title mismatch', async () => {
    const result = await verifyReference(registry, 'Hou J, Luo Z, Lacey CG. A random walk model for the evolution of the galaxy spin vector. arXiv. 2025.');
    expect(result).toMatchObject({
      status: 'mismatch',
      paper: { id: 'arXiv:2505.02669' },
      differences: [{ field: 'title', expected: 'A random walk model for the evolution of the galaxy spin vector' }],
    });
  });

  it('finds a Chinese title whose record has nothing else partly verified, and reports an altered Chinese title', async () => {
    // The record holds the title only, and no online source knows the work: nothing confirms the rest.
    const real = await verifyReference(registry, '[2] 张三, 李四. 水运工程施工项目全过程管理的有效性探索[J]. 水运工程, 2020, 12(3): 45-50.');
    expect(real).toMatchObject({
      status: 'partial',
      paper: { id: 'csl:dev-0002' },
      differences: [],
      unconfirmed: ['authors', 'year', 'container', 'volume', 'issue', 'pages'],
    });
    const titleOnly = await verifyReference(registry, '水运工程施工项目全过程管理的有效性探索[J].');
    expect(titleOnly).toMatchObject({ status: 'verified', unconfirmed: [] });
    const altered = await verifyReference(registry, '水运工程施工项目全过程管理的有效性研究[J]. 水运工程, 2020.');
    expect(altered).toMatchObject({
      status: 'mismatch',
      paper: { id: 'csl:dev-0002' },
      differences: [{ field: 'title', verdict: 'different', expected: '水运工程施工项目全过程管理的有效性研究', similarity: 0.889 }],
      unconfirmed: ['year', 'container'],
    });
  });
});

describe('references found online', () => {
  it('verifies a real APA reference by its DOI', async () => {
    const result = await verifyReference(registry, `${OA_AUTHORS} (2018). ${OA_TITLE}. PeerJ, 6, e4375. https://doi.org/10.7717/peerj.4375`);
    expect(result).toMatchObject({
      status: 'verified',
      sources: ['openalex'],
      paper: { doi: '10.7717/peerj.4375', container: 'PeerJ', details: { volume: '6', page: 'e4375' } },
      similarity: 1,
    });
    if (result.status !== 'verified') return;
    expect(result.fields.map((f) => f.field)).toEqual(['title', 'authors', 'year', 'container', 'volume', 'pages', 'doi']);
    expect(result.fields.every((f) => f.verdict === 'matched')).toBe(true);
    expect(states(result)).toEqual({ local: 'ok', openalex: 'ok', crossref: 'ok', pubmed: 'ok' });
  });

  it('reports a wrong year, and a real DOI attached to another title and author', async () => {
    const year = await verifyReference(registry, `${OA_AUTHORS} (2016). ${OA_TITLE}. PeerJ, 6, e4375. https://doi.org/10.7717/peerj.4375`);
    expect(year).toMatchObject({ status: 'mismatch', differences: [{ field: 'year', verdict: 'different', expected: 2016, found: 2018, similarity: 0.8 }] });
    const swapped = await verifyReference(
      registry,
      'Smith, J. (2018). Deep learning for galaxy classification. PeerJ, 6, e4375. https://doi.org/10.7717/peerj.4375',
    );
    expect(swapped.status).toBe('mismatch');
    if (swapped.status !== 'mismatch') return;
    expect(swapped.differences.map((d) => d.field)).toEqual(['title', 'authors']);
    expect(swapped.differences[0]!.similarity).toBeLessThan(0.3);
  });

  it('finds the work of an invented DOI by its title and reports the DOI', async () => {
    const result = await verifyReference(registry, `${OA_AUTHORS} (2018). ${OA_TITLE}. PeerJ, 6, e4375. https://doi.org/10.7717/peerj.99999`);
    expect(result).toMatchObject({
      status: 'mismatch',
      paper: { doi: '10.7717/peerj.4375' },
      differences: [{ field: 'doi', expected: '10.7717/peerj.99999', found: '10.7717/peerj.4375', similarity: 0 }],
    });
  });

  it('verifies a CSL-JSON item with an abbreviated journal, and a PMID', async () => {
    const csl = await verifyReference(registry, {
      type: 'article-journal',
      title: "Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants",
      author: [
        { family: 'Tosatto', given: 'L.' },
        { family: 'Horrocks', given: 'M. H.' },
      ],
      issued: { 'date-parts': [[2015]] },
      'container-title': 'Sci Rep',
      DOI: '10.1038/srep16696',
    });
    expect(csl).toMatchObject({ status: 'verified', sources: ['crossref'], paper: { container: 'Scientific Reports' } });
    expect(await verifyReference(registry, 'PMID: 28775130')).toMatchObject({ status: 'verified', sources: ['pubmed'], paper: { pmid: '28775130' } });
    expect(await verifyReference(registry, 'arXiv:1605.08386')).toMatchObject({ status: 'verified', sources: ['arxiv'] });
  });

  it('accepts an abbreviated journal but reports another journal', async () => {
    // `519-27` is the record's `519-527`, abbreviated.
    expect(await verifyReference(registry, `${LIEBER} J Orthop Res. 1997;15(4):519-27. doi:10.1002/jor.1100150407`)).toMatchObject({ status: 'verified' });
    expect(await verifyReference(registry, `${LIEBER} J Orthop Res. 1997;15(4):519-29. doi:10.1002/jor.1100150407`)).toMatchObject({
      status: 'mismatch',
      differences: [{ field: 'pages', verdict: 'different', expected: '519-29', found: '519-527' }],
    });
    expect(await verifyReference(registry, `${LIEBER} J Bone Joint Surg. 1997;15(4):519-27. doi:10.1002/jor.1100150407`)).toMatchObject({
      status: 'mismatch',
      differences: [{ field: 'container', expected: 'J Bone Joint Surg', found: 'Journal of Orthopaedic Research' }],
    });
  });
});

describe('invented references', () => {
  it('answers not_found, complete when every source answered, naming them', async () => {
    const result = await verifyReference(registry, 'Smith J, Doe A. Quantum entanglement in the navigation of emperor penguins. Nature. 2019;570:112-5.');
    expect(result).toMatchObject({
      status: 'not_found',
      complete: true,
      reference: { title: 'Quantum entanglement in the navigation of emperor penguins', year: 2019 },
    });
    if (result.status !== 'not_found') return;
    expect(Object.fromEntries(result.searched.map((s) => [s.source, s.state]))).toEqual({
      local: 'answered',
      openalex: 'answered',
      crossref: 'answered',
      pubmed: 'answered',
      arxiv: 'answered',
      semanticscholar: 'not_configured',
    });
    expect(await verifyReference(registry, '10.7717/peerj.99999')).toMatchObject({ status: 'not_found', complete: true });
  });

  it('answers unchecked when only the local corpus was asked, with the nearest titles', async () => {
    const local = sourceRegistry([createLocalSource(handle.db)], 2000);
    const result = await verifyReference(local, 'He K, Zhang X, Ren S, Sun J. Deep residual learning for image recognition. CVPR. 2016.');
    expect(result).toMatchObject({ status: 'unchecked', complete: true, candidates: [] });
    if (result.status !== 'unchecked') return;
    expect(result.searched.filter((s) => s.state !== 'not_configured')).toEqual([{ source: 'local', state: 'answered' }]);
    const near = await verifyReference(local, 'A random walk model of halo spin evolution. 2025.');
    expect(near.status).toBe('unchecked');
    if (near.status !== 'unchecked') return;
    expect(near.candidates[0]).toMatchObject({ source: 'local', paper: { id: 'arXiv:2505.02669' } });
    expect(near.candidates[0]!.similarity).toBeLessThan(0.75);
  });

  it('answers unchecked when the broad indexes are unreachable', async () => {
    const offline = sourceRegistry(
      [
        createLocalSource(handle.db),
        createOpenAlexSource({ baseUrl: 'http://127.0.0.1:9/openalex', rateLimit: fast }),
        createCrossrefSource({ baseUrl: 'http://127.0.0.1:9/crossref', rateLimit: fast }),
      ],
      2000,
    );
    const result = await verifyReference(offline, 'Smith J. Quantum entanglement in the navigation of emperor penguins. Nature. 2019.');
    expect(result).toMatchObject({ status: 'unchecked', complete: false });
    if (result.status !== 'unchecked') return;
    expect(result.searched.slice(0, 3)).toEqual([
      { source: 'local', state: 'answered' },
      { source: 'openalex', state: 'unreachable' },
      { source: 'crossref', state: 'unreachable' },
    ]);
  });

  it('says when the answer is incomplete because a source timed out', async () => {
    const result = await verifyReference(registry, { title: 'A study that hangs', year: 2020 }, { timeoutMs: 300 });
    expect(result).toMatchObject({ status: 'not_found', complete: false });
    expect(states(result).openalex).toBe('timeout');
  });

  it('refuses bad input', async () => {
    await expect(verifyReference(registry, '   ')).rejects.toThrow(InvalidInputError);
    await expect(verifyReference(registry, 'arXiv:2504.00824', { sources: ['nowhere' as never] })).rejects.toThrow(/unknown sources: nowhere/);
    const disabled = await verifyReference(registry, 'arXiv:2504.00824', { sources: ['local', 'semanticscholar'] });
    expect(states(disabled)).toEqual({ semanticscholar: 'disabled', local: 'ok' });
  });
});
