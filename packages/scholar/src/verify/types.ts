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
}

export type VerifyResult =
  | ({ status: 'verified' } & Resolved)
  | ({ status: 'mismatch'; differences: FieldDifference[] } & Resolved)
  | {
      status: 'not_found';
      reference: ParsedReference;
      checked: SourceStatus[];
      /** False when a source failed or timed out: the work might exist there. */
      complete: boolean;
    };
