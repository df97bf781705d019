// A reference the model writes out in full is a real paper when reference checking finds it, whether what the
// model wrote matches the record exactly, has a slip, or names fields no record holds: only a reference nothing
// finds is flagged as unverified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { migrations as scholarMigrations } from '@citewise/scholar/migrations';
import { createLocalSource, refreshStatistics, sourceRegistry, upsertPapers, type Paper } from '@citewise/scholar';
import { checkCitations, UNVERIFIED_MARK } from './check-citations';

let handle: DatabaseHandle;
const paper: Paper = {
  id: 'doi:10.1038/nature14539',
  title: 'Deep learning',
  abstract: 'Deep learning allows computational models that are composed of multiple processing layers to learn representations of data.',
  authors: [
    { given: 'Yann', family: 'LeCun' },
    { given: 'Yoshua', family: 'Bengio' },
    { given: 'Geoffrey', family: 'Hinton' },
  ],
  issued: { year: 2015 },
  container: 'Nature',
  doi: '10.1038/nature14539',
  arxivId: null,
  pmid: null,
  url: null,
  keywords: [],
  language: 'en',
  type: 'article-journal',
  fields: [],
  source: 'csl',
};

beforeAll(async () => {
  handle = await createTestDatabase([scholarMigrations]);
  await upsertPapers(handle.db, [paper]);
  await refreshStatistics(handle.db);
}, 60_000);
afterAll(() => handle?.close());

describe('checkCitations on written references', () => {
  it('keeps references that checking finds (exact, with a slip, partly confirmed) and flags one it does not', async () => {
    const registry = sourceRegistry([createLocalSource(handle.db)], 5000);
    const answer = [
      'Representation learning is reviewed in the literature.',
      '',
      'References',
      '1. LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature.',
      '2. LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep laerning. Nature.',
      '3. LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436-444.',
      '4. Nobody, A. (2031). A survey of things that were never written. Journal of Nothing.',
    ].join('\n');
    const check = await checkCitations(answer, [], registry);
    expect(check.verified.map((v) => [v.status, v.paper_id])).toEqual([
      ['verified', paper.id],
      ['corrected', paper.id],
      ['partial', paper.id],
    ]);
    expect(check.flagged).toEqual([
      { text: '4. Nobody, A. (2031). A survey of things that were never written. Journal of Nothing.'.replace(/^4\. /, ''), reason: 'unverified_reference' },
    ]);
    expect(check.answer.split('\n').filter((line) => line.startsWith(UNVERIFIED_MARK))).toHaveLength(1);
  });
});
