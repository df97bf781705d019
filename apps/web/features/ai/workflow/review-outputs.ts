// What the literature review's run carries besides its text (platform/ai workflow/review-references.ts): the
// reference list with full records and verdicts, the citations no source confirmed, and the search log; and its
// screening step's report. Read defensively: a Dify server's run may carry none of it.
import type { GapField, Paper } from '@citewise/scholar';
import { asSearchLog, type SearchLog } from '@/features/papers/search-log';
import type { FlaggedCitation } from '@/features/ai/types';

export type ReferenceVerdict = {
  /** `verified`: every field from a source record; `partial`: the title was found, `missing` fields were not. */
  status: 'verified' | 'partial';
  sources: string[];
  missing: GapField[];
  filled: Partial<Record<GapField, string>>;
  checked_at: string;
};

export type ReviewReference = { position: number; cited: boolean; paper: Paper; content: string; verdict: ReferenceVerdict };

export type ReviewOutputs = {
  references: ReviewReference[];
  flagged: FlaggedCitation[];
  /** References the review wrote out that name a real paper outside the screened ones. */
  named: Array<{ text: string; paper_id: string; title: string }>;
  searchLog: SearchLog | null;
};

export type ScreenedPaper = { paper_id: string; title: string; year: number | null; hits: number; score: number; reason: string; rank?: number };
export type ScreeningReport = { queries: number; found: number; limit: number; kept: ScreenedPaper[]; excluded: ScreenedPaper[] };

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function isPaper(value: unknown): value is Paper {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    Array.isArray(value.authors) &&
    (value.issued === null || isObject(value.issued))
  );
}

function reference(value: unknown): ReviewReference | null {
  if (!isObject(value) || typeof value.position !== 'number' || !isPaper(value.paper)) return null;
  const verdict = isObject(value.verdict) ? value.verdict : {};
  return {
    position: value.position,
    cited: value.cited === true,
    paper: value.paper,
    content: typeof value.content === 'string' ? value.content : '',
    verdict: {
      status: verdict.status === 'verified' ? 'verified' : 'partial',
      sources: list(verdict.sources).filter((s): s is string => typeof s === 'string'),
      missing: list(verdict.missing).filter((f): f is GapField => f === 'authors' || f === 'year' || f === 'venue'),
      filled: isObject(verdict.filled) ? (verdict.filled as ReferenceVerdict['filled']) : {},
      checked_at: typeof verdict.checked_at === 'string' ? verdict.checked_at : '',
    },
  };
}

export function reviewOutputs(outputs: Data | null): ReviewOutputs {
  const references = list(outputs?.references)
    .map(reference)
    .filter((r): r is ReviewReference => r !== null)
    .sort((a, b) => a.position - b.position);
  const flagged = list(outputs?.flagged_citations).filter((f): f is FlaggedCitation => isObject(f) && typeof f.text === 'string');
  const named = list(outputs?.named_references).filter(
    (n): n is ReviewOutputs['named'][number] => isObject(n) && typeof n.text === 'string' && typeof n.title === 'string',
  );
  return { references, flagged, named, searchLog: asSearchLog(outputs?.search_log) };
}

function screened(value: unknown): ScreenedPaper | null {
  if (!isObject(value) || typeof value.paper_id !== 'string' || typeof value.title !== 'string') return null;
  return {
    paper_id: value.paper_id,
    title: value.title,
    year: typeof value.year === 'number' ? value.year : null,
    hits: typeof value.hits === 'number' ? value.hits : 0,
    score: typeof value.score === 'number' ? value.score : 0,
    reason: typeof value.reason === 'string' ? value.reason : '',
    ...(typeof value.rank === 'number' ? { rank: value.rank } : {}),
  };
}

/** The screening step's report, when its outputs hold one. */
export function screeningReport(outputs: Data | null): ScreeningReport | null {
  if (!outputs || !Array.isArray(outputs.kept) || !Array.isArray(outputs.excluded)) return null;
  const kept = outputs.kept.map(screened).filter((p): p is ScreenedPaper => p !== null);
  const excluded = outputs.excluded.map(screened).filter((p): p is ScreenedPaper => p !== null);
  const count = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return {
    queries: count(outputs.queries, 0),
    found: count(outputs.found, kept.length + excluded.length),
    limit: count(outputs.limit, kept.length),
    kept,
    excluded,
  };
}
