// What `verifyReference` accepts and answers.
import type { Author, Paper } from '../paper';
import type { SourceStatus } from '../search/types';
import type { SourceId } from '../sources/source';

/** A reference read into comparable parts; every part may be missing. */
export interface ParsedReference {
  doi: string | null;
  arxivId: string | null;
  pmid: string | null;
  title: string | null;
  /** First author first; as complete as the reference gives them (often family names only). */
  authors: Author[];
  year: number | null;
  container: string | null;
  /** Publication details as the reference writes them (`12`, `3`, `45-50`); compared only where a record has them. */
  volume: string | null;
  issue: string | null;
  pages: string | null;
}

/** Title + authors + year (and any identifiers) as separate fields. */
export interface StructuredReference {
  doi?: string;
  arxivId?: string;
  pmid?: string;
  title?: string;
  /** `"Piwowar, H."`, `"Heather Piwowar"`, `"张三"` or `{ family, given }`. */
  authors?: Array<string | Author>;
  year?: number;
  container?: string;
  volume?: string;
  issue?: string;
  pages?: string;
}

/** A CSL-JSON item as citation managers export it (only the fields verification reads). */
export interface CslItem {
  title?: string;
  author?: Author[];
  issued?: { 'date-parts'?: Array<Array<number | string>>; raw?: string; literal?: string };
  'container-title'?: string | string[];
  DOI?: string;
  PMID?: string;
  URL?: string;
  number?: string;
  volume?: string | number;
  issue?: string | number;
  page?: string;
  [key: string]: unknown;
}

/** A DOI / arXiv id / PMID, a formatted reference (any common style), a structured reference, or a CSL-JSON item. */
export type ReferenceInput = string | StructuredReference | CslItem;

export type CheckedField = 'title' | 'authors' | 'year' | 'container' | 'volume' | 'issue' | 'pages' | 'doi' | 'arxivId' | 'pmid';

/**
 * How one field of the reference compares with the records of the work: `matched` (the same after normalising
 * case, punctuation, accents, width and Chinese punctuation; a journal's standard abbreviation counts as the
 * same), `slip` (the same work written slightly otherwise: letters swapped, dropped or doubled, a spelling
 * variant, a cut subtitle), `different` (another value), or `not_in_record` (no record of the work holds the
 * field, so nothing confirms it — nor contradicts it).
 */
export type FieldVerdict = 'matched' | 'slip' | 'different' | 'not_in_record';

export interface FieldCheck {
  field: CheckedField;
  verdict: FieldVerdict;
  /** As the reference has it. */
  expected: string | number | null;
  /** As the matched work's records have it; null when not in the record. */
  found: string | number | null;
  /** 0 (nothing alike) … 1 (the same); null when there was nothing to compare with. */
  similarity: number | null;
}

/** A field the record shows otherwise: a slip or a different value. */
export interface FieldDifference {
  field: CheckedField;
  /**
   * `slip` or `different`. Verdicts stored before per-field verdicts existed have none; read those as
   * `different`.
   */
  verdict?: 'slip' | 'different';
  /** As the reference has it. */
  expected: string | number | null;
  /** As the matched paper has it (null: the identifier resolves to nothing). */
  found: string | number | null;
  /** 0 (nothing alike) … 1 (the same); see `compareReference`. */
  similarity: number;
}

interface Resolved {
  reference: ParsedReference;
  /** The matched work, merged from every source that has it. */
  paper: Paper;
  /** Every field the reference gives, in reading order, with its verdict. */
  fields: FieldCheck[];
  /** The fields that differ (slips and different values), with the record's value. */
  differences: FieldDifference[];
  /** Fields the reference gives that no record of the work holds: neither confirmed nor contradicted. */
  unconfirmed: CheckedField[];
  /**
   * The reference as the records correct it: the record's value for every field a record holds, the reference's
   * own for the fields in `unconfirmed` (kept, never dropped).
   */
  corrected: Paper;
  /** Sources that have the work. */
  sources: SourceId[];
  /** Mean similarity of the compared fields (1 when nothing could be compared but an identifier matched). */
  similarity: number;
  /** A status per source consulted. */
  checked: SourceStatus[];
  /** Every known source and how it took part, including those not configured here. */
  searched: SearchedSource[];
}

/** How a source took part in a check, in the words a reader needs ("not found in OpenAlex and Crossref"). */
export type SearchedState = 'answered' | 'unreachable' | 'timed_out' | 'failed' | 'not_configured';

export interface SearchedSource {
  source: SourceId;
  state: SearchedState;
}

/** A work that came close to the reference's title without being close enough to be it. */
export interface NearCandidate {
  paper: Paper;
  source: SourceId;
  /** Title similarity, 0 … 1 (below the match threshold). */
  similarity: number;
}

interface Absent {
  reference: ParsedReference;
  checked: SourceStatus[];
  searched: SearchedSource[];
  /** False when a source failed or timed out: the work might exist there. */
  complete: boolean;
  /** The closest titles seen, best first (may be empty). */
  candidates: NearCandidate[];
}

/**
 * `verified`: every field the reference gives matched a record. `corrected` ("verified with corrections"): the
 * work, with slips only, which the records correct. `partial`: the work, nothing contradicted, but some fields
 * are in no record (`unconfirmed`); any slips are corrected too. `mismatch`: the work, with a field of another
 * value. The order of severity is mismatch > partial > corrected > verified.
 */
export type VerifyResult =
  | ({ status: 'verified' | 'corrected' | 'partial' | 'mismatch' } & Resolved)
  /**
   * `not_found`: absent from every source that answered, at least one of them a broad index (OpenAlex, Crossref).
   * `unchecked`: no broad index answered, so absence proves nothing (offline, only the local corpus was asked).
   */
  | ({ status: 'not_found' } & Absent)
  | ({ status: 'unchecked' } & Absent);
