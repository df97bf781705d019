// Paper ⇄ CSL-JSON. Every Paper field has a place in CSL-JSON, so Paper → CSL-JSON → Paper is exact: fields CSL
// has no variable for (arXiv id, subject areas) live in the item's `custom` object, which CSL-JSON 1.0.2 reserves
// for such data. Items from other tools (no `custom`) are read with the usual conventions instead.
import type { Author, Paper, PaperDate } from '../paper';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
}

export interface CslDate {
  'date-parts'?: Array<Array<number | string>>;
  raw?: string;
  literal?: string;
}

export interface CslItem {
  id: string;
  type: string;
  title?: string;
  abstract?: string;
  author?: CslName[];
  issued?: CslDate;
  'container-title'?: string;
  DOI?: string;
  PMID?: string;
  URL?: string;
  language?: string;
  source?: string;
  keyword?: string;
  number?: string;
  publisher?: string;
  custom?: { arxivId?: string | null; fields?: string[]; keywords?: string[]; source?: string };
  [variable: string]: unknown;
}

export const DETAIL_KEYS = ['volume', 'issue', 'page', 'number', 'edition', 'publisher', 'publisher-place', 'event-title', 'ISBN', 'ISSN'] as const;

/** Preprints name their repository as publisher in CSL (how Zotero and the styles expect "arXiv"). */
const repositoryAsPublisher = (p: Pick<Paper, 'type' | 'details'>) => p.type === 'article' && !p.details?.publisher;

export function paperToCsl(paper: Paper): CslItem {
  const item: CslItem = { id: paper.id, type: paper.type, title: paper.title };
  if (paper.abstract !== null) item.abstract = paper.abstract;
  if (paper.authors.length) item.author = paper.authors.map(authorToCsl);
  if (paper.issued) item.issued = { 'date-parts': [dateParts(paper.issued)] };
  for (const key of DETAIL_KEYS) if (paper.details?.[key] !== undefined) item[key] = paper.details[key];
  if (paper.container !== null) {
    if (repositoryAsPublisher(paper)) item.publisher = paper.container;
    else item['container-title'] = paper.container;
  }
  if (paper.doi !== null) item.DOI = paper.doi;
  if (paper.pmid !== null) item.PMID = paper.pmid;
  if (paper.url !== null) item.URL = paper.url;
  if (paper.language !== null) item.language = paper.language;
  // The arXiv identifier of a preprint is its number, as styles expect ("arXiv:1706.03762").
  if (paper.arxivId && paper.type === 'article' && item.number === undefined) item.number = `arXiv:${paper.arxivId}`;
  if (paper.keywords.length) item.keyword = paper.keywords.join(', ');
  // Where the record came from is Citewise's bookkeeping, not CSL's `source` (a catalogue MLA would print).
  item.custom = { arxivId: paper.arxivId, fields: paper.fields, source: paper.source };
  if (!sameList(splitKeywords(item.keyword), paper.keywords)) item.custom.keywords = paper.keywords;
  return item;
}

/** Reads a CSL-JSON item; throws (with the reason) when it has no id, type or title. */
export function paperFromCsl(item: CslItem, defaults: { source?: string } = {}): Paper {
  if (item.id === undefined || item.id === null || String(item.id).trim() === '') throw new Error('item has no id');
  if (typeof item.type !== 'string' || !item.type) throw new Error('item has no type');
  const title = text(item.title);
  if (!title) throw new Error('item has no title');
  const ours = item.custom && typeof item.custom === 'object' && 'arxivId' in item.custom;
  const arxivNumber = typeof item.number === 'string' ? /^arxiv:\s*(\S+)$/i.exec(item.number)?.[1] : undefined;
  const arxivId = ours ? (item.custom!.arxivId ?? null) : (arxivNumber ?? arxivIdFromLinks(item));
  const details: NonNullable<Paper['details']> = {};
  for (const key of DETAIL_KEYS) {
    const value = text(item[key]);
    if (value !== null) details[key] = value;
  }
  if (arxivId && details.number === `arXiv:${arxivId}`) delete details.number;
  let container = text(item['container-title']);
  if (container === null && item.type === 'article' && details.publisher !== undefined) {
    container = details.publisher;
    delete details.publisher;
  }
  const paper: Paper = {
    id: String(item.id),
    title,
    abstract: text(item.abstract),
    authors: (item.author ?? []).map(authorFromCsl).filter((a) => a.literal || a.family || a.given),
    issued: dateFromCsl(item.issued),
    container,
    doi: normaliseDoi(text(item.DOI)),
    arxivId,
    pmid: text(item.PMID),
    url: text(item.URL),
    language: text(item.language),
    type: item.type,
    fields: ours ? (item.custom!.fields ?? []) : [],
    keywords: item.custom?.keywords ?? splitKeywords(text(item.keyword) ?? undefined),
    source: item.custom?.source ?? defaults.source ?? 'csl-json',
  };
  if (Object.keys(details).length) paper.details = details;
  return paper;
}

function authorToCsl(author: Author): CslName {
  if (author.literal !== undefined) return { literal: author.literal };
  const name: CslName = {};
  if (author.family !== undefined) name.family = author.family;
  if (author.given !== undefined) name.given = author.given;
  return name;
}

function authorFromCsl(name: CslName): Author {
  if (name.literal) return { literal: name.literal };
  const family = [name['non-dropping-particle'], name.family].filter(Boolean).join(' ');
  const given = [name.given, name['dropping-particle']].filter(Boolean).join(' ') + (name.suffix ? `, ${name.suffix}` : '');
  const author: Author = {};
  if (family) author.family = family;
  if (given) author.given = given;
  return author;
}

const dateParts = (d: PaperDate) => [d.year, ...(d.month ? [d.month, ...(d.day ? [d.day] : [])] : [])];

export function dateFromCsl(date: CslDate | undefined): PaperDate | null {
  const parts = date?.['date-parts']?.[0]?.map(Number);
  const raw =
    parts ??
    /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/
      .exec(date?.raw ?? date?.literal ?? '')
      ?.slice(1)
      .filter(Boolean)
      .map(Number) ??
    [];
  const [year, month, day] = raw;
  if (!year || !Number.isInteger(year)) return null;
  const result: PaperDate = { year };
  // Months 13–16 are CSL seasons, which a Paper date cannot hold.
  if (month && month >= 1 && month <= 12) {
    result.month = month;
    if (day && day >= 1 && day <= 31) result.day = day;
  }
  return result;
}

/** Keyword lists are written "a, b" in CSL, BibTeX and elsewhere; Chinese lists often use "；". */
export function splitKeywords(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,;，；]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

export function normaliseDoi(doi: string | null): string | null {
  return doi?.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '') || null;
}

function arxivIdFromLinks(item: CslItem): string | null {
  const doi = typeof item.DOI === 'string' ? /^(?:https?:\/\/doi\.org\/)?10\.48550\/arxiv\.(.+)$/i.exec(item.DOI)?.[1] : undefined;
  const url = typeof item.URL === 'string' ? /arxiv\.org\/(?:abs|pdf)\/(.+?)(?:v\d+)?(?:\.pdf)?$/i.exec(item.URL)?.[1] : undefined;
  return doi ?? url ?? null;
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
