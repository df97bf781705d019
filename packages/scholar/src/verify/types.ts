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
  [key: string]: unknown;
}

/** A DOI / arXiv id / PMID, a formatted reference (any common style), a structured reference, or a CSL-JSON item. */
export type ReferenceInput = string | StructuredReference | CslItem;

export type CheckedField = 'title' | 'year' | 'authors' | 'container' | 'doi' | 'arxivId' | 'pmid';

export interface FieldDifference {
  field: CheckedField;
  /** As the reference has it. */
  expected: string | number | null;
  /** As the matched paper has it. */
  found: string | number | null;
  /** 0 (nothing alike) … 1 (the same); see `compareReference`. */
  similarity: number;
}

interface Resolved {
  reference: ParsedReference;
  /** The matched work, merged from every source that has it. */
  paper: Paper;
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

export type VerifyResult =
  | ({ status: 'verified' } & Resolved)
  | ({ status: 'mismatch'; differences: FieldDifference[] } & Resolved)
  /**
   * `not_found`: absent from every source that answered, at least one of them a broad index (OpenAlex, Crossref).
   * `unchecked`: no broad index answered, so absence proves nothing (offline, only the local corpus was asked).
   */
  | ({ status: 'not_found' } & Absent)
  | ({ status: 'unchecked' } & Absent);
