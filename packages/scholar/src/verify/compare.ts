// How each field of a reference compares with the records of the work it resolved to. A field agrees when any
// source's record agrees (a preprint's year and its journal version's year are both right), so a difference is a
// real one; a field no record holds is `not_in_record`, never taken as agreeing.
import { authorName, type Paper } from '../paper';
import { identityOf } from '../search/identity';
import type { IdentifierKind } from '../sources/identifiers';
import { compareAuthors } from './compare-authors';
import { normalisePages } from './parse-details';
import { containerVerdict, titleSimilarity, titleVerdict } from './similarity';
import type { CheckedField, FieldCheck, FieldVerdict, ParsedReference } from './types';

export interface Comparison {
  /** Every field the reference gives, in reading order. */
  fields: FieldCheck[];
  /** Mean similarity of the fields that could be compared; 1 when none could. */
  similarity: number;
  /** Title similarity on its own, for choosing among candidates. */
  titleSimilarity: number | null;
  /** The title is the record's, or the record's with slips. */
  titleClose: boolean;
}

export interface CompareOptions {
  /**
   * Identifier kinds an online source was asked for and answered without the work: a reference's DOI that the
   * work's records lack is then known to resolve to nothing (`different`), not merely absent from the record.
   */
  lookedUp?: ReadonlySet<IdentifierKind>;
}

const rank: Record<FieldVerdict, number> = { matched: 3, slip: 2, different: 1, not_in_record: 0 };
const bestOf = <T extends { verdict: FieldVerdict }>(items: T[]) => [...items].sort((a, b) => rank[b.verdict] - rank[a.verdict])[0];
const names = (authors: Paper['authors']) =>
  authors
    .slice(0, 3)
    .map((a) => a.family ?? authorName(a))
    .join(', ') + (authors.length > 3 ? ', …' : '');
const round = (n: number) => Math.round(n * 1000) / 1000;
const PREPRINT = /^(arxiv|corr|preprint)\b/i;

export function compareReference(ref: ParsedReference, records: Paper[], merged: Paper, options: CompareOptions = {}): Comparison {
  const fields: FieldCheck[] = [];
  const add = (field: CheckedField, verdict: FieldVerdict, expected: FieldCheck['expected'], found: FieldCheck['found'], similarity: number | null) =>
    fields.push({ field, verdict, expected, found: verdict === 'not_in_record' ? null : found, similarity: similarity === null ? null : round(similarity) });

  let title: number | null = null;
  let titleClose = false;
  if (ref.title) {
    const each = records.map((r) => ({ verdict: titleVerdict(ref.title!, r.title), similarity: titleSimilarity(ref.title!, r.title) }));
    title = Math.max(...each.map((e) => e.similarity));
    const chosen = bestOf(each)!;
    titleClose = chosen.verdict !== 'different';
    add('title', chosen.verdict, ref.title, merged.title, chosen.verdict === 'matched' ? 1 : title);
  }

  if (ref.authors.length) {
    const withAuthors = records.filter((r) => r.authors.length);
    const scored = withAuthors
      .map((r) => compareAuthors(ref.authors, r.authors))
      .sort((a, b) => rank[b.verdict] - rank[a.verdict] || b.similarity - a.similarity)[0];
    const shown = names(ref.authors);
    if (!scored) add('authors', 'not_in_record', shown, null, null);
    else add('authors', scored.verdict, shown, names(merged.authors), scored.similarity);
  }

  if (ref.year !== null) {
    const years = records.map((r) => r.issued?.year).filter((y): y is number => y !== undefined);
    const gap = years.length ? Math.min(...years.map((y) => Math.abs(y - ref.year!))) : null;
    if (gap === null) add('year', 'not_in_record', ref.year, null, null);
    else add('year', gap === 0 ? 'matched' : 'different', ref.year, merged.issued?.year ?? null, Math.max(0, 1 - gap / 10));
  }

  if (ref.container) {
    const containers = records.map((r) => r.container).filter((c): c is string => !!c);
    if (PREPRINT.test(ref.container) && records.some((r) => r.arxivId)) add('container', 'matched', ref.container, merged.container ?? ref.container, 1);
    else if (!containers.length) add('container', 'not_in_record', ref.container, null, null);
    else {
      const chosen = bestOf(containers.map((c) => containerVerdict(ref.container!, c)))!;
      add('container', chosen.verdict, ref.container, merged.container, chosen.similarity);
    }
  }

  for (const [field, key] of [
    ['volume', 'volume'],
    ['issue', 'issue'],
    ['pages', 'page'],
  ] as const) {
    const want = ref[field];
    if (!want) continue;
    const clean = (value: string) => (field === 'pages' ? normalisePages(value) : value.replace(/\s+/g, '').toLowerCase());
    const have = records.map((r) => r.details?.[key]).filter((v): v is string => !!v);
    const shown = have[0] ?? null;
    if (!have.length) add(field, 'not_in_record', want, null, null);
    else add(field, have.some((v) => clean(v) === clean(want)) ? 'matched' : 'different', want, shown, have.some((v) => clean(v) === clean(want)) ? 1 : 0);
  }

  // An identifier the reference gives: the work's own, another value, or one that resolves to nothing.
  const ids = records.map(identityOf);
  for (const [field, want, key] of [
    ['doi', ref.doi, 'doi'],
    ['arxivId', ref.arxivId, 'arxiv'],
    ['pmid', ref.pmid, 'pmid'],
  ] as const) {
    if (!want) continue;
    const have = ids.map((i) => i[key]).filter((v): v is string => !!v);
    if (have.includes(want)) add(field, 'matched', want, want, 1);
    else if (have.length || options.lookedUp?.has(key)) add(field, 'different', want, merged[field], 0);
    else add(field, 'not_in_record', want, null, null);
  }

  const scores = fields.filter((f) => f.similarity !== null).map((f) => f.similarity!);
  return { fields, similarity: scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : 1, titleSimilarity: title, titleClose };
}
