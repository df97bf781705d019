// A Semantic Scholar Graph API paper → Paper. Answers carry only the `fields` asked for, so anything may be
// missing; records without a title (e.g. `fields=year`) are skipped.
import { parseAuthorName, type Paper } from '../../paper';
import { normaliseArxivId, normaliseDoi, normalisePmid } from '../identifiers';
import { canonicalId, dateFromIso, dateFromParts, guessLanguage, httpUrl, plainText } from '../paper-fields';
import { arr, distinct, num, obj, str } from '../untyped';

/** What we ask for: everything a Paper needs, nothing heavy (no citations, references, embeddings). */
export const PAPER_FIELDS =
  'paperId,externalIds,title,abstract,year,publicationDate,venue,publicationVenue,journal,publicationTypes,fieldsOfStudy,s2FieldsOfStudy,authors,url,citationCount,openAccessPdf';

const TYPES: Record<string, string> = {
  JournalArticle: 'article-journal',
  Conference: 'paper-conference',
  Review: 'article-journal',
  Book: 'book',
  BookSection: 'chapter',
  Dataset: 'dataset',
  Editorial: 'article-journal',
  LettersAndComments: 'article-journal',
  News: 'article-newspaper',
  CaseReport: 'article-journal',
  ClinicalTrial: 'article-journal',
  MetaAnalysis: 'article-journal',
  Study: 'article-journal',
};

export function paperFromSemanticScholar(value: unknown): Paper | null {
  const record = obj(value);
  const title = plainText(str(record.title));
  if (!title) return null;
  const ids = obj(record.externalIds);
  const doi = normaliseDoi(str(ids.DOI));
  const arxivId = normaliseArxivId(str(ids.ArXiv));
  const pmid = normalisePmid(str(ids.PubMed));
  const abstract = plainText(str(record.abstract));
  const container = str(obj(record.journal).name) ?? str(obj(record.publicationVenue).name) ?? str(record.venue);
  const types = arr(record.publicationTypes)
    .map(str)
    .filter((t): t is string => !!t);
  const mapped = types.map((t) => TYPES[t]).find(Boolean);
  const type = mapped ?? (arxivId && !doi ? 'article' : 'article-journal');
  return {
    id: canonicalId({ doi, arxivId, pmid }, `s2:${str(record.paperId) ?? title}`),
    title,
    abstract,
    authors: arr(record.authors)
      .map((a) => str(obj(a).name))
      .filter((n): n is string => !!n)
      .map(parseAuthorName),
    issued: dateFromIso(record.publicationDate) ?? dateFromParts(record.year),
    container: container === 'ArXiv' || container === 'arXiv.org' ? 'arXiv' : container,
    doi,
    arxivId,
    pmid,
    url: str(record.url) ?? (doi ? `https://doi.org/${doi}` : null),
    language: guessLanguage(`${title} ${abstract ?? ''}`),
    type,
    fields: distinct([...arr(record.fieldsOfStudy).map(str), ...arr(record.s2FieldsOfStudy).map((f) => str(obj(f).category))]),
    keywords: [],
    citationCount: num(record.citationCount) ?? null,
    openAccessPdf: httpUrl(str(obj(record.openAccessPdf).url)),
    source: 'semanticscholar',
  };
}
