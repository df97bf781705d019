// verify(reference): does this work exist, and is it cited correctly? Resolves the reference against the local
// corpus first (no network when it settles the question), then the switched-on online sources, and gives each
// field of the reference a verdict (matched, slip, different, not in the record). It answers verified (every
// field matched), corrected (slips only), partial (fields no record holds), mismatch (a field of another value),
// not_found (absent from the sources searched, a broad index among them) or unchecked (no broad index answered:
// absence proves nothing).
import { groupDuplicates } from '../search/dedupe';
import { InvalidInputError } from '../search/invalid-input';
import { byPriority, mergePapers } from '../search/merge-papers';
import type { SourceStatus } from '../search/types';
import type { SourceRegistry } from '../sources/registry';
import { isSourceId, type Source, type SourceId } from '../sources/source';
import type { IdentifierKind } from '../sources/identifiers';
import { compareReference } from './compare';
import { correctedPaper } from './corrected-paper';
import { broadSourceAnswered, searchedSources } from './searched';
import { titleSimilarity } from './similarity';
import { parseReference } from './parse-reference';
import { identifiersOf, lookupIdentifiers, searchTitles, type Candidate } from './resolve';
import type { FieldCheck, FieldDifference, NearCandidate, ParsedReference, ReferenceInput, VerifyResult } from './types';

export interface VerifyOptions {
  /** Sources to consult; every switched-on source when omitted. */
  sources?: SourceId[];
  /** Per-source timeout in ms; the registry's default when omitted. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A work found only by title must have a title at least this close to count as the referenced work. */
export const TITLE_MATCH = 0.75;
/** Titles at least this close are offered as "did you mean" candidates for a reference not found. */
export const NEAR_TITLE = 0.4;

type Decision = Extract<VerifyResult, { status: 'verified' | 'corrected' | 'partial' | 'mismatch' }>;

/** The status the field verdicts add up to: mismatch > partial > corrected > verified. */
export function statusOf(fields: FieldCheck[]): Decision['status'] {
  if (fields.some((f) => f.verdict === 'different')) return 'mismatch';
  if (fields.some((f) => f.verdict === 'not_in_record')) return 'partial';
  return fields.some((f) => f.verdict === 'slip') ? 'corrected' : 'verified';
}

function decide(reference: ParsedReference, candidates: Candidate[], checked: SourceStatus[], lookedUp: ReadonlySet<IdentifierKind>): Decision | null {
  const options = groupDuplicates(candidates, (c) => c.paper)
    .map((group) => {
      const paper = mergePapers(group);
      const comparison = compareReference(
        reference,
        group.map((c) => c.paper),
        paper,
        { lookedUp },
      );
      return { group, paper, comparison, byIdentifier: group.some((c) => c.byIdentifier) };
    })
    .filter((o) => o.byIdentifier || o.comparison.titleClose || (o.comparison.titleSimilarity ?? 0) >= TITLE_MATCH);
  options.sort((a, b) => Number(b.byIdentifier) - Number(a.byIdentifier) || b.comparison.similarity - a.comparison.similarity);
  const chosen = options[0];
  if (!chosen) return null;
  const { fields } = chosen.comparison;
  const differences: FieldDifference[] = fields
    .filter((f): f is FieldCheck & { verdict: 'slip' | 'different' } => f.verdict === 'slip' || f.verdict === 'different')
    .map(({ field, verdict, expected, found, similarity }) => ({ field, verdict, expected, found, similarity: similarity ?? 0 }));
  return {
    status: statusOf(fields),
    reference,
    paper: chosen.paper,
    fields,
    differences,
    unconfirmed: fields.filter((f) => f.verdict === 'not_in_record').map((f) => f.field),
    corrected: correctedPaper(chosen.paper, reference, fields),
    sources: [...new Set(byPriority(chosen.group).map((c) => c.source))],
    similarity: Math.round(chosen.comparison.similarity * 1000) / 1000,
    checked,
    searched: searchedSources(checked),
  };
}

/** Identifier kinds that an online source answered a lookup for (a DOI absent there resolves to nothing). */
function lookedUpKinds(sources: Source[], reference: ParsedReference, checked: SourceStatus[]): Set<IdentifierKind> {
  const wanted = identifiersOf(reference).map((id) => id.kind);
  const answered = sources.filter((s) => s.id !== 'local' && checked.some((c) => c.source === s.id && c.state === 'ok'));
  return new Set(answered.flatMap((s) => s.lookupKinds).filter((kind) => wanted.includes(kind)));
}

export async function verifyReference(registry: SourceRegistry, input: ReferenceInput, options: VerifyOptions = {}): Promise<VerifyResult> {
  const reference = parseReference(input);
  const wanted = options.sources ?? [...registry.enabled.keys()];
  const unknown = wanted.filter((id) => !isSourceId(id));
  if (unknown.length) throw new InvalidInputError('verification', [{ path: 'sources', message: `unknown sources: ${unknown.join(', ')}` }]);
  const checked: SourceStatus[] = wanted
    .filter((id) => !registry.enabled.has(id))
    .map((id) => ({ source: id, state: 'disabled', message: `${id} is not switched on (SCHOLAR_SOURCES)` }));
  const sources = wanted.map((id) => registry.enabled.get(id)).filter((s): s is Source => s !== undefined);
  const run = { timeoutMs: options.timeoutMs ?? registry.timeoutMs, signal: options.signal };
  const candidates: Candidate[] = [];
  let decision: Decision | null = null;

  // The local corpus first: when it verifies the reference, the network is not needed.
  for (const tier of [sources.filter((s) => s.id === 'local'), sources.filter((s) => s.id !== 'local')]) {
    if (!tier.length) continue;
    const byId = await lookupIdentifiers(tier, reference, run);
    candidates.push(...byId.candidates);
    checked.push(...byId.statuses);
    // By title when no identifier resolved, or when the work found lacks fields the reference gives: a source that
    // cannot look the identifier up may still hold the work, and those fields, under its title.
    if (reference.title && (!candidates.some((c) => c.byIdentifier) || decision?.status === 'partial')) {
      const byTitle = await searchTitles(tier, reference, run);
      candidates.push(...byTitle.candidates);
      for (const status of byTitle.statuses) {
        const index = checked.findIndex((s) => s.source === status.source);
        // One status per source: a failure in either step is what the caller needs to know.
        if (index < 0) checked.push(status);
        else if (checked[index]!.state === 'ok') checked[index] = status;
      }
    }
    decision = decide(reference, candidates, checked, lookedUpKinds(sources, reference, checked));
    // Verified, or slips the record corrects: other sources could add nothing. Anything else asks them too: an
    // online record may hold the fields the local one lacks, or agree where it differs.
    if (decision?.status === 'verified' || decision?.status === 'corrected') return decision;
  }
  if (decision) return decision;
  return {
    status: broadSourceAnswered(checked) ? 'not_found' : 'unchecked',
    reference,
    checked,
    searched: searchedSources(checked),
    complete: checked.every((s) => s.state === 'ok' || s.state === 'disabled'),
    candidates: nearest(reference, candidates),
  };
}

/** The closest distinct titles among what the sources proposed, best first. */
function nearest(reference: ParsedReference, candidates: Candidate[]): NearCandidate[] {
  if (!reference.title) return [];
  const scored = groupDuplicates(candidates, (c) => c.paper).map((group) => {
    const first = byPriority(group)[0]!;
    return { paper: mergePapers(group), source: first.source, similarity: Math.round(titleSimilarity(reference.title!, first.paper.title) * 1000) / 1000 };
  });
  return scored
    .filter((c) => c.similarity >= NEAR_TITLE)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, 3);
}
