// The one interface every literature source implements (the app-store shape: one folder per source under
// src/sources/<id>/, each exporting a factory that returns a `Source`). Federated search and verification
// only ever talk to sources through this interface.
import type { Paper } from '../paper';
import type { QueryTranslation } from '../translate/translate-query';
import type { Identifier, IdentifierKind } from './identifiers';

export const SOURCE_IDS = ['local', 'openalex', 'arxiv', 'crossref', 'semanticscholar', 'pubmed'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export const isSourceId = (value: string): value is SourceId => (SOURCE_IDS as readonly string[]).includes(value);

export interface SourceQuery {
  query: string;
  limit: number;
  offset: number;
  yearFrom?: number;
  yearTo?: number;
  /** Subject areas; a source that has no matching notion ignores them (federated search filters again). */
  fields?: string[];
  hasAbstract?: boolean;
  sort?: 'relevance' | 'newest';
  /** Only papers in this language; a source that cannot tell ignores it (federated search filters again). */
  language?: 'en' | 'zh';
  /** The query's terms with their translations, for a source that searches both languages (the local corpus). */
  translation?: QueryTranslation | null;
}

export interface SourceHit {
  paper: Paper;
  /** The provider's own relevance score (BM25 for `local`), or null when it gives none. */
  score: number | null;
}

export interface SourcePage {
  hits: SourceHit[];
  /** How many matches the provider reports in all (its own count), or null when it does not say. */
  total: number | null;
}

export interface TitleQuery {
  title: string;
  year?: number | null;
  /** Family names, first author first. */
  authors?: string[];
  limit?: number;
}

export interface Source {
  id: SourceId;
  /** Display name, e.g. `Semantic Scholar`. */
  name: string;
  /** Identifier kinds `lookup` answers; others return null without a request. */
  lookupKinds: readonly IdentifierKind[];
  search(query: SourceQuery, signal: AbortSignal): Promise<SourcePage>;
  /** The paper with this identifier, or null when the provider does not know it. */
  lookup(id: Identifier, signal: AbortSignal): Promise<Paper | null>;
  /** Candidates for a known title (a reference to check), best first. */
  findByTitle(query: TitleQuery, signal: AbortSignal): Promise<Paper[]>;
}
