// The perturbation set on the fixed sample corpus: every unaltered reference verified, every altered or invented
// one caught, in each of the styles the benchmark renders.
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpusDatabase, samplePapers } from '../../test/local-corpus';
import { createLocalSource } from '../sources/local';
import { sourceRegistry, type SourceRegistry } from '../sources/registry';
import { verifyReference } from '../verify/verify-reference';
import { PERTURBATION_STYLES, perturbReferences } from './perturb-references';

let handle: DatabaseHandle;
let registry: SourceRegistry;
beforeAll(async () => {
  handle = await createCorpusDatabase();
  registry = sourceRegistry([createLocalSource(handle.db)], 10_000);
});
afterAll(() => handle.close());

describe('perturbed references', () => {
  const papers = samplePapers();

  it('makes each kind of reference from each usable paper, the same for the same seed', () => {
    const references = perturbReferences(papers, { seed: 7 });
    expect(references.length).toBeGreaterThanOrEqual(25);
    expect(new Set(references.map((r) => r.kind))).toEqual(new Set(['unaltered', 'title', 'author', 'year', 'invented']));
    expect(perturbReferences(papers, { seed: 7 })).toEqual(references);
  });

  it.each(PERTURBATION_STYLES)('verifies the unaltered and catches every alteration (%s)', async (style) => {
    const references = perturbReferences(papers, { seed: 3, styles: [style] });
    const outcomes = await Promise.all(references.map(async (r) => ({ kind: r.kind, text: r.text, status: (await verifyReference(registry, r.text)).status })));
    const wrong = outcomes.filter((o) => (o.kind === 'unaltered') !== (o.status === 'verified'));
    expect(wrong).toEqual([]);
    // Alterations are shown to be wrong (mismatch); invented ones cannot be called not found from the corpus alone.
    expect(outcomes.filter((o) => o.kind === 'title' || o.kind === 'year' || o.kind === 'author').every((o) => o.status === 'mismatch')).toBe(true);
    expect(outcomes.filter((o) => o.kind === 'invented').every((o) => o.status === 'unchecked')).toBe(true);
  });
});
