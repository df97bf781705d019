// An OpenAlex work object → Paper. Written against two captures of the same work a year apart (2025-06 and
// 2026): fields come and go (`type_crossref`, `concepts`, `keywords` shapes), so every field is optional.
import { parseAuthorName, type Paper } from '../../paper';
import { arxivIdFromDoi, normaliseArxivId, normaliseDoi, normalisePmid } from '../identifiers';
import { canonicalId, dateFromIso, dateFromParts, detailsOf, guessLanguage, httpUrl, languageTag, plainText } from '../paper-fields';
import { arr, distinct, num, obj, str } from '../untyped';
import { cslTypeFromCrossref } from '../csl-types';

const OPENALEX_TYPES: Record<string, string> = {
  article: 'article-journal',
  preprint: 'article',
  review: 'article-journal',
  letter: 'article-journal',
  editorial: 'article-journal',
  erratum: 'article-journal',
  retraction: 'article-journal',
  'book-chapter': 'chapter',
  book: 'book',
  dataset: 'dataset',
  dissertation: 'thesis',
  report: 'report',
  standard: 'standard',
  'peer-review': 'review',
  'reference-entry': 'entry-encyclopedia',
  libguides: 'webpage',
  paratext: 'document',
  other: 'document',
};

/** The abstract from OpenAlex's inverted index (word → positions), in reading order. */
export function abstractFromInvertedIndex(index: unknown): string | null {
  const words: string[] = [];
  for (const [word, positions] of Object.entries(obj(index))) {
    for (const position of arr(positions)) {
      // Positions index a single abstract: anything huge or negative is corrupt data, not a reason to allocate.
      if (Number.isInteger(position) && (position as number) >= 0 && (position as number) < 100_000) words[position as number] = word;
    }
  }
  const text = words.filter((w) => w !== undefined).join(' ');
  return plainText(text);
}

export function paperFromOpenAlexWork(value: unknown): Paper | null {
  const work = obj(value);
  const title = plainText(str(work.display_name) ?? str(work.title));
  if (!title) return null;
  const ids = obj(work.ids);
  const primary = obj(work.primary_location);
  const locations = arr(work.locations).map(obj);
  const rawDoi = normaliseDoi(str(work.doi) ?? str(ids.doi));
  const arxivFromLocation = locations.map((l) => str(l.landing_page_url)).find((u) => u && /arxiv\.org\/abs\//i.test(u));
  const arxivId = arxivIdFromDoi(rawDoi) ?? normaliseArxivId(arxivFromLocation);
  const doi = arxivIdFromDoi(rawDoi) ? null : rawDoi;
  const pmid = normalisePmid(str(ids.pmid)?.replace(/^.*\//, ''));
  const abstract = abstractFromInvertedIndex(work.abstract_inverted_index);
  const typeCrossref = str(work.type_crossref);
  const type = (typeCrossref && cslTypeFromCrossref(typeCrossref)) || OPENALEX_TYPES[str(work.type) ?? ''] || 'article-journal';
  const topics = arr(work.topics).map(obj);
  const fromTopics = topics.flatMap((t) => [str(obj(t.field).display_name), str(obj(t.subfield).display_name)]);
  const fromConcepts = arr(work.concepts)
    .map(obj)
    .filter((c) => (num(c.level) ?? 9) <= 1)
    .map((c) => str(c.display_name));
  const openalexId = str(work.id)?.replace(/^.*\//, '') ?? null;
  const biblio = obj(work.biblio);
  const [firstPage, lastPage] = [str(biblio.first_page), str(biblio.last_page)];
  const details = detailsOf({
    volume: str(biblio.volume),
    issue: str(biblio.issue),
    page: firstPage && lastPage && lastPage !== firstPage ? `${firstPage}-${lastPage}` : firstPage,
  });
  return {
    id: canonicalId({ doi, arxivId, pmid }, `openalex:${openalexId ?? title}`),
    title,
    abstract,
    authors: arr(work.authorships)
      .map(obj)
      .map((a) => str(obj(a.author).display_name) ?? str(a.raw_author_name))
      .filter((n): n is string => !!n)
      .map(parseAuthorName),
    issued: dateFromIso(work.publication_date) ?? dateFromParts(work.publication_year),
    container: str(obj(primary.source).display_name) ?? str(obj(work.host_venue).display_name) ?? str(obj(locations[0]?.source).display_name),
    doi,
    arxivId,
    pmid,
    url: str(primary.landing_page_url) ?? (doi ? `https://doi.org/${doi}` : str(work.id)),
    language: languageTag(str(work.language)) ?? guessLanguage(`${title} ${abstract ?? ''}`),
    type: arxivId && !doi && type === 'article-journal' ? 'article' : type,
    fields: distinct(fromTopics.length ? fromTopics : fromConcepts),
    keywords: distinct(arr(work.keywords).map((k) => (typeof k === 'string' ? k : (str(obj(k).display_name) ?? str(obj(k).keyword))))),
    citationCount: num(work.cited_by_count) ?? null,
    openAccessPdf: httpUrl(str(obj(work.best_oa_location).pdf_url)) ?? (obj(work.open_access).is_oa === true ? httpUrl(str(primary.pdf_url)) : null),
    source: 'openalex',
    ...(details ? { details } : {}),
  };
}
