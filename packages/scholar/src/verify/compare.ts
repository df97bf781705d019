// How a reference differs from the records of the work it resolved to. A field agrees when any source's record
// agrees (a preprint's year and its journal version's year are both right), so differences are real errors.
import { authorName, type Paper } from '../paper';
import { identityOf } from '../search/identity';
import { authorSimilarity, containerSimilarity, substitutedWords, titleSimilarity } from './similarity';
import type { FieldDifference, ParsedReference } from './types';

/**
 * Below these, a field counts as different. Every author a reference names must be among the work's (one
 * substituted co-author in a list of ten is still a wrong reference); names are compared by family name.
 */
export const AGREE = { title: 0.9, authors: 1, container: 0.75 };

export interface Comparison {
  differences: FieldDifference[];
  /** Mean similarity of the fields that could be compared; 1 when none could. */
  similarity: number;
  /** Title similarity on its own, for choosing among candidates. */
  titleSimilarity: number | null;
}

const best = (values: number[]) => (values.length ? Math.max(...values) : null);

export function compareReference(ref: ParsedReference, records: Paper[], merged: Paper): Comparison {
  const differences: FieldDifference[] = [];
  const scores: number[] = [];
  const check = (field: FieldDifference['field'], similarity: number | null, agrees: boolean, expected: FieldDifference['expected'], found: FieldDifference['found']) => {
    if (similarity === null) return;
    scores.push(similarity);
    if (!agrees) differences.push({ field, expected, found, similarity: Math.round(similarity * 1000) / 1000 });
  };

  const title = ref.title ? best(records.map((r) => titleSimilarity(ref.title!, r.title))) : null;
  // Close overall and no word of the reference missing from the same record's title.
  const titleAgrees = !!ref.title && records.some((r) => titleSimilarity(ref.title!, r.title) >= AGREE.title && substitutedWords(ref.title!, r.title).length === 0);
  check('title', title, titleAgrees, ref.title, merged.title);

  const years = records.map((r) => r.issued?.year).filter((y): y is number => y !== undefined);
  if (ref.year !== null && years.length) {
    const gap = Math.min(...years.map((y) => Math.abs(y - ref.year!)));
    check('year', Math.max(0, 1 - gap / 10), gap === 0, ref.year, merged.issued?.year ?? null);
  }

  const withAuthors = records.filter((r) => r.authors.length);
  if (ref.authors.length && withAuthors.length) {
    const scored = withAuthors.map((r) => authorSimilarity(ref.authors, r.authors)).sort((a, b) => Number(b.firstMatches) - Number(a.firstMatches) || b.similarity - a.similarity)[0]!;
    const names = (authors: Paper['authors']) => authors.slice(0, 3).map((a) => a.family ?? authorName(a)).join(', ') + (authors.length > 3 ? ', …' : '');
    check('authors', scored.similarity, scored.firstMatches && scored.similarity >= AGREE.authors, names(ref.authors), names(merged.authors));
  }

  const containers = records.map((r) => r.container).filter((c): c is string => !!c);
  if (ref.container && containers.length) {
    const preprint = /^(arxiv|corr)\b/i.test(ref.container) && records.some((r) => r.arxivId);
    const similarity = preprint ? 1 : best(containers.map((c) => containerSimilarity(ref.container!, c)))!;
    check('container', similarity, similarity >= AGREE.container, ref.container, merged.container);
  }

  // An identifier the reference gives that the work has a different value for.
  const ids = records.map(identityOf);
  for (const [field, want, key] of [['doi', ref.doi, 'doi'], ['arxivId', ref.arxivId, 'arxiv'], ['pmid', ref.pmid, 'pmid']] as const) {
    const have = ids.map((i) => i[key]).filter((v): v is string => !!v);
    if (want && have.length) check(field, have.includes(want) ? 1 : 0, have.includes(want), want, merged[field]);
  }

  return { differences, similarity: scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : 1, titleSimilarity: title };
}
