export { parseAuthorName, authorName, openAccessPdfOf, type Author, type Paper, type PaperDate } from './paper';
export { upsertPapers, refreshStatistics } from './local/store';
export { searchLocal, RANKING, type LocalHit, type LocalSearchOptions } from './local/search';
export { ScoreThreads, scoreThreadCount, scoreThreads } from './local/score-threads';
export { importJsonLines, type ImportReport, type ImportOptions } from './import/import-file';
export { paperFromCorpusRecord } from './import/corpus-record';
export {
  createLlmTranslator,
  llmTranslatorFromEnv,
  DEFAULT_TRANSLATION_TIMEOUT_MS,
  type LlmTranslator,
  type TranslateContext,
  type TranslationUsage,
  type TranslationStore,
} from './translate/llm-translate';
export {
  translateWithDictionary,
  translatedWords,
  shownTranslations,
  queryLanguage,
  loadLexicon,
  MAX_TRANSLATIONS,
  type QueryTranslation,
  type TranslatedTerm,
  type QueryLanguage,
  type ShownTranslation,
  type TranslationSource,
  type Lexicon,
} from './translate/translate-query';
export { loadDictionary, cedictPath, type Dictionary } from './translate/cedict';
export { loadGlossary, readGlossary, parseGlossary, glossaryDir, GlossaryError, type Glossary } from './translate/glossary';
export { segmentForIndex, useWordSegmenter, type WordSegmenter } from './text/segment';
export { migrations } from './db/migrations';
// Literature sources (local corpus, OpenAlex, arXiv, Crossref, Semantic Scholar, PubMed), federated search, verification.
export { SOURCE_IDS, isSourceId, type Source, type SourceId, type SourceQuery, type SourcePage, type SourceHit, type TitleQuery } from './sources/source';
export { SourceError, type SourceErrorCode } from './sources/source-error';
export { parseIdentifier, identifiersInText, type Identifier, type IdentifierKind } from './sources/identifiers';
export {
  sourcesConfigFromEnv,
  SourcesConfigError,
  DEFAULT_SOURCE_TIMEOUT_MS,
  DEFAULT_PROBE_INTERVAL_MS,
  KEYLESS_SOURCES,
  type SourcesConfig,
} from './sources/config';
export { createSourceHealth, guarded, type SourceHealth } from './sources/health';
export { createSources, sourceRegistry, type SourceRegistry } from './sources/registry';
export { createLocalSource } from './sources/local';
export { createOpenAlexSource } from './sources/openalex';
export { createArxivSource } from './sources/arxiv';
export { createCrossrefSource } from './sources/crossref';
export { createSemanticScholarSource } from './sources/semanticscholar';
export { createPubmedSource } from './sources/pubmed';
export { findLocalByIdentifier, findLocalByTitle } from './local/lookup';
export { getLocalPapers } from './local/get-papers';
export { searchFederated, type SearchControl, type QueryTranslator } from './search/federated-search';
export {
  federatedSearchSchema,
  searchFiltersSchema,
  MAX_SEARCH_DEPTH,
  type FederatedSearchInput,
  type FederatedSearchOptions,
  type SearchFilters,
} from './search/search-options';
export type { FederatedHit, FederatedSearchResult, SourceStatus, SearchedTranslation } from './search/types';
export { InvalidInputError } from './search/invalid-input';
export {
  searchRecord,
  searchRecordSchema,
  replaySearch,
  sourceLine,
  type SearchRecord,
  type SearchRecordOptions,
  type SourceLine,
} from './search/search-record';
export { compareSearchRecords, unchanged, type SearchChanges } from './search/compare-records';
export { groupDuplicates } from './search/dedupe';
export { mergePapers, type SourcedPaper } from './search/merge-papers';
export { verifyReference, statusOf, TITLE_MATCH, type VerifyOptions } from './verify/verify-reference';
export { BROAD_SOURCES, searchedSources, broadSourceAnswered } from './verify/searched';
export { parseReference } from './verify/parse-reference';
export { fillGaps, gapsOf, type FilledPaper, type GapField } from './verify/fill-gaps';
export type {
  ReferenceInput,
  StructuredReference,
  CslItem as ReferenceCslItem,
  ParsedReference,
  VerifyResult,
  FieldDifference,
  FieldCheck,
  FieldVerdict,
  CheckedField,
  SearchedSource,
  SearchedState,
  NearCandidate,
} from './verify/types';
// Citations: styles, formatted bibliographies and citations, export and import of BibTeX, RIS and CSL-JSON.
export { CITATION_STYLES, CITATION_STYLE_IDS, getCitationStyle, isCitationStyleId, type CitationStyle, type CitationStyleId } from './citations/styles';
export { formatBibliography, formatBibliographyEntries, formatReference, formatCitation, type CitationOutput, type FormatOptions } from './citations/format';
export { exportPapers, EXPORT_FORMATS, type ExportFormat, type ExportedFile } from './citations/export';
export { toBibtex } from './citations/bibtex-export';
export { toRis } from './citations/ris-export';
export { toCslJson } from './citations/csl-json';
export { parseReferenceFile, parseBibtex, parseRis, parseCslJson, type ParseResult, type ParseFailure, type ReferenceFormat } from './citations/parse';
export { paperToCsl, paperFromCsl, type CslItem, type CslName } from './citations/csl-item';
export { citeKeys, baseCiteKey } from './citations/cite-keys';
export { detectLanguage } from './citations/language';
// Corpus import (npm run corpus:import): every format, gzip, progress callbacks, broken records by line/entry/key.
export { importFile, type ImportFileOptions, type ImportProgress, type ImportFailure } from './import/import-file';
export { detectFormat, CORPUS_FORMATS, type CorpusFormat } from './import/formats';
export { paperFromArxivSnapshot } from './import/arxiv-snapshot';
export { seededRandom } from './evaluation/seeded-random';
