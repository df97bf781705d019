// arXiv's metadata snapshot (arxiv-metadata-oai-snapshot.json: one JSON object per line, the Kaggle dump) → Paper.
// Records get the corpus's ids (`arXiv:<id>`), so importing the snapshot updates the papers the corpus has.
import { z } from 'zod';
import { parseAuthorName, type Author, type Paper } from '../paper';
import { decodeTexAccents } from './latex-accents';

const record = z.object({
  id: z.string().min(1),
  submitter: z.string().nullish(),
  authors: z.string().nullish(),
  title: z.string().min(1),
  comments: z.string().nullish(),
  'journal-ref': z.string().nullish(),
  doi: z.string().nullish(),
  'report-no': z.string().nullish(),
  categories: z.string().nullish(),
  license: z.string().nullish(),
  abstract: z.string().nullish(),
  versions: z.array(z.object({ version: z.string(), created: z.string() })).nullish(),
  update_date: z.string().nullish(),
  authors_parsed: z.array(z.array(z.string())).nullish(),
});

export function paperFromArxivSnapshot(value: unknown): Paper {
  const r = record.parse(value);
  const id = r.id.trim().replace(/v\d+$/, '');
  const title = collapse(r.title);
  if (!title) throw new Error('title is empty');
  return {
    id: `arXiv:${id}`,
    title,
    abstract: abstract(r.abstract),
    authors: r.authors_parsed?.length ? r.authors_parsed.map(parsedAuthor) : splitAuthors(r.authors ?? ''),
    issued: firstVersionDate(r.versions) ?? isoDate(r.update_date),
    container: 'arXiv',
    doi: r.doi?.trim().split(/\s+/)[0] || null,
    arxivId: id,
    pmid: null,
    url: `https://arxiv.org/abs/${id}`,
    language: 'en',
    type: 'article',
    fields: (r.categories ?? '').split(/\s+/).filter(Boolean),
    keywords: [],
    source: 'arxiv',
  };
}

/** [family, given, suffix] as arXiv parsed them, accents still in TeX. */
function parsedAuthor([family = '', given = '', suffix = '']: string[]): Author {
  const author: Author = { family: decodeTexAccents(family.trim()) };
  const first = [given.trim(), suffix.trim()].filter(Boolean).join(' ');
  if (first) author.given = decodeTexAccents(first);
  return author;
}

function splitAuthors(authors: string): Author[] {
  return collapse(authors)
    .split(/,\s*|\s+and\s+/)
    .filter(Boolean)
    .map((name) => parseAuthorName(decodeTexAccents(name)));
}

/** arXiv wraps abstracts at ~80 columns and starts a paragraph with a two-space indent. */
function abstract(text: string | null | undefined): string | null {
  const paragraphs = (text ?? '')
    .replace(/^\s*\n?/, '')
    .split(/\n(?= {2}\S)/)
    .map(collapse)
    .filter(Boolean);
  return paragraphs.length ? paragraphs.join('\n') : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon, 2 Apr 2007 19:18:42 GMT" of the first version: when the paper appeared. */
function firstVersionDate(versions: Array<{ version: string; created: string }> | null | undefined) {
  const created = versions?.find((v) => v.version === 'v1')?.created ?? versions?.[0]?.created;
  const m = created ? /(\d{1,2}) (\w{3}) (\d{4})/.exec(created) : null;
  const month = m ? MONTHS.indexOf(m[2]!) + 1 : 0;
  return m && month ? { year: Number(m[3]), month, day: Number(m[1]) } : null;
}

function isoDate(text: string | null | undefined) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text ?? '');
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
