// Every citation shown points at a retrieved paper. Markers `[n]` outside the retrieved range are replaced by a
// visible flag; references the model writes out in full are kept only when they name a retrieved paper or one
// that scholar's verification finds, and flagged otherwise.
import { verifyReference, type SourceRegistry } from '@citewise/scholar';
import { authorYearCitations } from './author-year';
import type { Evidence } from './retrieve';
import { terms } from './retrieve';

export interface FlaggedCitation {
  text: string;
  /**
   * `unknown_marker`: `[n]` names no retrieved paper; `unverified_reference`: a written reference that no source
   * confirms (not found, could not be checked, or found with other details — a mismatch is not a source);
   * `unknown_author_year`: an author–year citation ("Smith et al., 2020") that names no retrieved paper.
   */
  reason: 'unknown_marker' | 'unverified_reference' | 'unknown_author_year';
}

export interface CitationCheck {
  answer: string;
  /** Positions of the retrieved papers the answer cites. */
  cited: number[];
  flagged: FlaggedCitation[];
  /** Written references that name a real paper not among the retrieved ones (kept, not a retrieved citation). */
  /**
   * Written references that reference checking found as real papers outside the retrieved set, with the checker's
   * status: `verified`, `corrected` (found, with a slip in what the model wrote) or `partial` (found; some of its
   * fields no record could confirm).
   */
  verified: Array<{ text: string; paper_id: string; title: string; status: 'verified' | 'corrected' | 'partial' }>;
}

export const UNVERIFIED_MARK = '[citation not verified]';
const MARKER = /\[(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\]/g;
const REFERENCES_HEADING = /^\s*(#+\s*)?(references|bibliography|works cited|参考文献)\s*:?\s*$/i;

function titleMatch(line: string, evidence: Evidence[]): Evidence | undefined {
  const words = terms(line);
  return evidence.find((e) => {
    const title = [...terms(e.paper.title)];
    return title.length > 0 && title.filter((t) => words.has(t)).length / title.length >= 0.8;
  });
}

export async function checkCitations(answer: string, evidence: Evidence[], registry: SourceRegistry | null, signal?: AbortSignal): Promise<CitationCheck> {
  const known = new Set(evidence.map((e) => e.position));
  const cited = new Set<number>();
  const flagged: FlaggedCitation[] = [];
  const verified: CitationCheck['verified'] = [];

  // A references section's own numbering (`[2] Author…`) is not a citation: markers are read in the body only.
  const lines = answer.split('\n');
  const heading = lines.findIndex((line) => REFERENCES_HEADING.test(line));
  const bodyEnd = heading >= 0 ? heading : lines.length;
  let body = lines
    .slice(0, bodyEnd)
    .join('\n')
    .replace(MARKER, (marker, list: string) => {
      const numbers = list.split(/[,，]/).map((n) => Number(n.trim()));
      const good = numbers.filter((n) => known.has(n));
      good.forEach((n) => cited.add(n));
      if (good.length === numbers.length) return marker;
      flagged.push({ text: marker, reason: 'unknown_marker' });
      return good.length ? `[${good.join(', ')}]${UNVERIFIED_MARK}` : UNVERIFIED_MARK;
    });
  body = checkAuthorYear(body, evidence, cited, flagged);

  const references = lines.slice(bodyEnd);
  for (let i = 1; i < references.length; i++) {
    const line = references[i]!.trim();
    const reference = line.replace(/^(\[\d+\]|\d+[.)]|[-*•])\s*/, '').trim();
    if (reference.length < 15) continue;
    const match = titleMatch(reference, evidence);
    if (match) {
      cited.add(match.position);
      continue;
    }
    const result = registry ? await verifyReference(registry, reference, { signal }).catch(() => null) : null;
    // Found means a real paper: a slip or a field no record holds is said as such, not called invented.
    if (result && (result.status === 'verified' || result.status === 'corrected' || result.status === 'partial')) {
      verified.push({ text: reference, paper_id: result.paper.id, title: result.paper.title, status: result.status });
      continue;
    }
    flagged.push({ text: reference, reason: 'unverified_reference' });
    references[i] = `${UNVERIFIED_MARK} ${line}`;
  }
  const text = [body, ...references].join('\n');
  return { answer: text, cited: [...cited].sort((a, b) => a - b), flagged, verified };
}

/** Author–year citations of retrieved papers count as citing them; one naming no retrieved paper is flagged in place. */
function checkAuthorYear(body: string, evidence: Evidence[], cited: Set<number>, flagged: FlaggedCitation[]): string {
  let text = body;
  const citations = authorYearCitations(body, evidence);
  for (const citation of citations) {
    for (const match of citation.matches) if (match) cited.add(match.position);
    if (citation.matches.every(Boolean)) continue;
    flagged.push({ text: citation.text, reason: 'unknown_author_year' });
  }
  // Marked from the end, so the earlier offsets stay right.
  for (const citation of [...citations].reverse()) {
    if (!citation.matches.every(Boolean)) text = `${text.slice(0, citation.end)}${UNVERIFIED_MARK}${text.slice(citation.end)}`;
  }
  return text;
}
