// The review's reference list (`outputs.references`): every screened paper with its full record, whether the review
// cites it, and a verdict that says what was compared. A reference is the record a source returned for the
// search, so its title, authors, year and venue are that record's; fields the record lacks are filled from an
// online source that has the same work when one answers, and named as missing when none does.
import { fillGaps, gapsOf, type GapField, type Paper, type SourceRegistry } from '@citewise/scholar';
import { checkCitations } from '../research/check-citations';
import { toResource } from '../research/resources';
import type { Evidence } from '../research/retrieve';
import type { SearchLog } from '../research/search-log';
import { citationOrder, renumberMarkers } from './citation-order';

export interface ReferenceVerdict {
  /** `verified`: every field comes from a source record; `partial`: the title was found, `missing` was not. */
  status: 'verified' | 'partial';
  /** The sources whose records returned the paper. */
  sources: string[];
  /** Fields no record had. */
  missing: GapField[];
  /** Fields taken from another source's record of the same work, and which. */
  filled: Partial<Record<GapField, string>>;
  checked_at: string;
}

export interface ReviewReference {
  /** The marker `[position]` that cites it in the review. */
  position: number;
  cited: boolean;
  paper: Paper;
  score: number;
  /** The passages of the abstract the review was written from. */
  content: string;
  verdict: ReferenceVerdict;
}

/** How long completing one incomplete record may take: the review is already written and waits for this. */
const FILL_TIMEOUT_MS = 4000;

export async function reviewReferences(
  registry: SourceRegistry,
  kept: Evidence[],
  cited: number[],
  signal: AbortSignal,
  now = new Date(),
): Promise<ReviewReference[]> {
  return Promise.all(
    kept.map(async (e) => {
      const gaps = gapsOf(e.paper);
      const completed = gaps.length ? await fillGaps(registry, e.paper, { timeoutMs: FILL_TIMEOUT_MS, signal }).catch(() => null) : null;
      const paper = completed?.paper ?? e.paper;
      const filled = completed?.filled ?? {};
      const missing = gaps.filter((gap) => !filled[gap]);
      return {
        position: e.position,
        cited: cited.includes(e.position),
        paper,
        score: e.score,
        content: e.passages.map((p) => p.text).join(' '),
        verdict: { status: missing.length ? 'partial' : 'verified', sources: e.sources, missing, filled, checked_at: now.toISOString() },
      } satisfies ReviewReference;
    }),
  );
}

/**
 * The review's outputs from the model's text: its citations checked against the screened papers, renumbered in the
 * order the review first cites them, and the reference list, the flags and the search log beside the text. Dify's
 * clients read `text`; the rest is Citewise's.
 */
export async function finishReview(
  registry: SourceRegistry,
  kept: Evidence[],
  draft: string,
  context: { queries: string[]; log: SearchLog; signal: AbortSignal },
) {
  const check = await checkCitations(draft, kept, registry, context.signal);
  const order = citationOrder(
    check.answer,
    kept.map((e) => e.position),
  );
  const numbered = kept.map((e) => ({ ...e, position: order.get(e.position)! })).sort((a, b) => a.position - b.position);
  const cited = check.cited.map((n) => order.get(n)!);
  const references = await reviewReferences(registry, numbered, cited, context.signal);
  return {
    text: renumberMarkers(check.answer, order),
    citations: numbered.filter((e) => cited.includes(e.position)).map(toResource),
    flagged_citations: check.flagged,
    queries: context.queries,
    references,
    named_references: check.verified,
    // The papers in the order their markers now name them.
    search_log: { ...context.log, selected: numbered.map((e) => e.paper.id) },
  };
}
