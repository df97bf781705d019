// Any accepted reference form → ParsedReference: a bare identifier, a formatted reference, a structured
// reference, or a CSL-JSON item.
import { z } from 'zod';
import { parseAuthorName, type Author } from '../paper';
import { InvalidInputError } from '../search/invalid-input';
import { normaliseArxivId, normaliseDoi, normalisePmid, parseIdentifier } from '../sources/identifiers';
import { parseAuthorList } from './parse-authors';
import { parseReferenceText } from './parse-free-text';
import type { ParsedReference } from './types';

const author = z.object({ family: z.string().optional(), given: z.string().optional(), literal: z.string().optional() });
const text = z.union([z.string(), z.number()]).transform(String);

/** The fields of a structured reference and of a CSL-JSON item, read leniently (unknown keys are ignored). */
const objectReference = z.object({
  doi: z.string().optional(),
  DOI: z.string().optional(),
  arxivId: z.string().optional(),
  pmid: text.optional(),
  PMID: text.optional(),
  URL: z.string().optional(),
  url: z.string().optional(),
  number: text.optional(),
  title: z.string().optional(),
  authors: z.array(z.union([z.string(), author])).optional(),
  author: z.array(author).optional(),
  year: z.number().int().optional(),
  issued: z
    .object({ 'date-parts': z.array(z.array(z.union([z.number(), z.string()]))).optional(), raw: z.string().optional(), literal: z.string().optional() })
    .optional(),
  container: z.string().optional(),
  volume: text.optional(),
  issue: text.optional(),
  pages: text.optional(),
  page: text.optional(),
  'container-title': z.union([z.string(), z.array(z.string())]).optional(),
});

const MAX_LENGTH = 4000;

function fromObject(input: unknown): ParsedReference {
  const parsed = objectReference.safeParse(input);
  if (!parsed.success) throw InvalidInputError.fromZod('reference', parsed.error);
  const r = parsed.data;
  const link = r.URL ?? r.url;
  const issuedYear = Number(r.issued?.['date-parts']?.[0]?.[0] ?? /\d{4}/.exec(r.issued?.raw ?? r.issued?.literal ?? '')?.[0]);
  const authors: Author[] = (r.authors ?? r.author ?? []).flatMap((a) =>
    typeof a === 'string' ? (a.includes(',') ? parseAuthorList(a) : [parseAuthorName(a)]) : [a],
  );
  const container = r.container ?? (Array.isArray(r['container-title']) ? r['container-title'][0] : r['container-title']);
  return {
    doi: normaliseDoi(r.doi ?? r.DOI ?? (link && /doi\.org\//.test(link) ? link : null)),
    arxivId: normaliseArxivId(r.arxivId ?? (link && /arxiv\.org\//i.test(link) ? link : null) ?? (r.number && /arxiv/i.test(r.number) ? r.number : null)),
    pmid: normalisePmid(r.pmid ?? r.PMID ?? null),
    title: r.title?.replace(/\s+/g, ' ').trim() || null,
    authors: authors.filter((a) => a.family || a.literal),
    year: r.year ?? (Number.isInteger(issuedYear) ? issuedYear : null),
    container: container?.trim() || null,
    volume: r.volume?.trim() || null,
    issue: r.issue?.trim() || null,
    pages: (r.pages ?? r.page)?.trim() || null,
  };
}

function fromString(input: string): ParsedReference {
  const trimmed = input.trim();
  const id = parseIdentifier(trimmed);
  if (id) {
    return {
      doi: id.kind === 'doi' ? id.value : null,
      arxivId: id.kind === 'arxiv' ? id.value : null,
      pmid: id.kind === 'pmid' ? id.value : null,
      title: null,
      authors: [],
      year: null,
      container: null,
      volume: null,
      issue: null,
      pages: null,
    };
  }
  return parseReferenceText(trimmed);
}

export function parseReference(input: unknown): ParsedReference {
  if (typeof input === 'string' && input.length > MAX_LENGTH)
    throw new InvalidInputError('reference', [{ path: '', message: `a reference may have at most ${MAX_LENGTH} characters` }]);
  if (typeof input !== 'string' && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw new InvalidInputError('reference', [
      { path: '', message: 'a reference is a string (identifier or formatted reference) or an object (title, authors, year, identifiers, or CSL-JSON)' },
    ]);
  }
  const reference = typeof input === 'string' ? fromString(input) : fromObject(input);
  if (!reference.doi && !reference.arxivId && !reference.pmid && !reference.title) {
    throw new InvalidInputError('reference', [{ path: '', message: 'a reference needs a DOI, an arXiv id, a PMID or a title' }]);
  }
  return reference;
}
