// One record from several records of the same work, keeping the richest value of each field: the longest
// abstract, the fullest author list, the most precise date; bibliographic fields from the source whose metadata
// is most authoritative (publisher-deposited before aggregated before preprint).
import type { Author, Paper, PaperDate } from '../paper';
import { canonicalId } from '../sources/paper-fields';
import { distinct } from '../sources/untyped';
import type { SourceId } from '../sources/source';
import { identityOf } from './identity';

/** Whose metadata wins a tie: the local corpus (what the user imported), then Crossref, PubMed, OpenAlex, Semantic Scholar, arXiv. */
export const METADATA_PRIORITY: readonly SourceId[] = ['local', 'crossref', 'pubmed', 'openalex', 'semanticscholar', 'arxiv'];

/** A record and the source that returned it (a local corpus record's own `source` says where it was imported from). */
export interface SourcedPaper {
  paper: Paper;
  source: SourceId;
}

/** Records in priority order (stable for equal sources). */
export const byPriority = <T extends SourcedPaper>(records: T[]) =>
  records
    .map((r, i) => ({ r, i }))
    .sort((a, b) => METADATA_PRIORITY.indexOf(a.r.source) - METADATA_PRIORITY.indexOf(b.r.source) || a.i - b.i)
    .map((x) => x.r);

const precision = (d: PaperDate) => (d.day ? 3 : d.month ? 2 : 1);
/** Names with a given name are fuller than initials-less family names, which are fuller than unsplit literals. */
const fullness = (authors: Author[]) => authors.reduce((sum, a) => sum + (a.family ? 1 : 0) + (a.given ? 1 : 0), 0);

function issuedOf(records: Paper[]): PaperDate | null {
  const base = records.find((r) => r.issued)?.issued ?? null;
  if (!base) return null;
  // A more precise date of the same year (a day where the first source had a month) refines it.
  return (
    records
      .map((r) => r.issued)
      .filter((d): d is PaperDate => d?.year === base.year)
      .sort((a, b) => precision(b) - precision(a))[0] ?? base
  );
}

const withDetails = (details: Paper['details']) => (details ? { details } : {});

export function mergePapers(records: SourcedPaper[]): Paper {
  if (records.length === 0) throw new Error('mergePapers needs at least one record');
  const sorted = byPriority(records);
  const ordered = sorted.map((r) => r.paper);
  const primary = ordered[0]!;
  if (ordered.length === 1) return primary;
  const first = <T>(pick: (r: Paper) => T | null | undefined) => ordered.map(pick).find((v) => v !== null && v !== undefined && v !== '') ?? null;
  const ids = ordered.map(identityOf);
  const doi = ids.map((i) => i.doi).find(Boolean) ?? null;
  const arxivId = ids.map((i) => i.arxiv).find(Boolean) ?? null;
  const pmid = ids.map((i) => i.pmid).find(Boolean) ?? null;
  const local = sorted.find((r) => r.source === 'local')?.paper;
  const authors = [...ordered].sort((a, b) => b.authors.length - a.authors.length || fullness(b.authors) - fullness(a.authors))[0]!.authors;
  const abstract = ordered.map((r) => r.abstract?.trim() ?? '').reduce((best, a) => (a.length > best.length ? a : best), '');
  const containers = ordered.map((r) => r.container).filter((c): c is string => !!c);
  return {
    // The id the local corpus knows it by (the library and the benchmarks refer to imported ids), else DOI > arXiv > PMID.
    id: local?.id ?? canonicalId({ doi, arxivId, pmid }, primary.id),
    title: first((r) => r.title) ?? primary.title,
    abstract: abstract || null,
    authors,
    issued: issuedOf(ordered),
    container: containers.find((c) => c.toLowerCase() !== 'arxiv') ?? containers[0] ?? null,
    doi,
    arxivId,
    pmid,
    url: first((r) => r.url),
    language: first((r) => r.language),
    // A journal or conference type beats the preprint type (`article`) of an arXiv record of the same work.
    type: first((r) => (r.type !== 'article' ? r.type : null)) ?? primary.type,
    fields: distinct(ordered.flatMap((r) => r.fields)),
    keywords: distinct(ordered.flatMap((r) => r.keywords)),
    // Counts differ by index coverage; the largest is the one that has seen the most citing works.
    citationCount: ordered.reduce<number | null>(
      (best, r) => (typeof r.citationCount === 'number' && r.citationCount > (best ?? -1) ? r.citationCount : best),
      null,
    ),
    openAccessPdf: first((r) => r.openAccessPdf),
    source: primary.source,
    // Volume, issue and pages of one record, never mixed: a preprint's and its journal version's differ.
    ...withDetails(ordered.find((r) => r.details && Object.keys(r.details).length)?.details),
  };
}
